print("parlance-bench: measurements arrive in the next commits")
