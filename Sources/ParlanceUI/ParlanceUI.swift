// The view model and renderer of the window.
