#if canImport(Glibc)
  import Glibc
#endif

extension Screenshot {
  /// Starts writing the pixels as a PNG file on a thread of its own and returns at once;
  /// `wait()` on the result returns when the file is written.
  ///
  /// For a screenshot matrix: the GTK thread goes on to the next language while the last
  /// one is encoded (3–5 ms for a dialog), on the machine's other core. Writes to
  /// different paths may run side by side.
  /// - Parameter path: the file to write, replaced if it exists.
  /// - Returns: the write in progress.
  public func writePNGInBackground(to path: String) -> PendingPNG {
    PendingPNG(self, path: path, thumbnailFitting: nil)
  }

  /// Starts writing the pixels as a PNG file on a thread of its own, and then making a
  /// copy scaled to fit `box` there too (`scaled(toFit:_:)`), and returns at once; the
  /// copy is the result's `thumbnail` once `wait()` returned.
  /// - Parameters:
  ///   - path: the file to write, replaced if it exists.
  ///   - box: the width and height the thumbnail fits in.
  /// - Returns: the write in progress.
  public func writePNGInBackground(to path: String, thumbnailFitting box: (Int, Int))
    -> PendingPNG
  {
    PendingPNG(self, path: path, thumbnailFitting: box)
  }
}

/// A PNG file being written on another thread (`Screenshot.writePNGInBackground(to:)`).
///
/// `wait()` joins that thread, which orders everything the writing did before what the
/// waiting thread does next. Not `Sendable`: wait on the thread that started the write.
/// Dropping the value without waiting still waits, in `deinit`, so that no write outlives
/// it unseen.
public final class PendingPNG {
  /// The file being written.
  public var path: String { job.path }
  /// The picture made small, when asked for: read it after `wait()`.
  public var thumbnail: Screenshot? { thread == nil ? job.thumbnail : nil }
  private let job: PNGJob
  /// Nil once joined, or when the write ran on the calling thread.
  private var thread: pthread_t?

  fileprivate init(_ image: Screenshot, path: String, thumbnailFitting box: (Int, Int)?) {
    job = PNGJob(image: image, path: path, thumbnailBox: box)
    var started = pthread_t()
    // The writing thread holds the job, never this value: the last release of a
    // PendingPNG, and so its join, is on the thread that owns it.
    let retained = Unmanaged.passRetained(job)
    if pthread_create(&started, nil, pngJobMain, retained.toOpaque()) == 0 {
      thread = started
    } else {
      // No thread to be had (a resource limit): write here instead.
      retained.release()
      job.run()
    }
  }

  deinit {
    if let thread { pthread_join(thread, nil) }
  }

  /// Waits until the file is written.
  /// - Throws: `GtkError.png` with the reason when it could not be.
  public func wait() throws(GtkError) {
    if let thread {
      pthread_join(thread, nil)
      self.thread = nil
    }
    if let failure = job.failure { throw failure }
  }
}

/// What the writing thread works on: the pixels, the path, the thumbnail's box, and
/// what it made.
private final class PNGJob: @unchecked Sendable {
  let image: Screenshot
  let path: String
  let thumbnailBox: (Int, Int)?
  /// Set by the writing thread before it ends; read only after it was joined.
  var failure: GtkError?
  var thumbnail: Screenshot?

  init(image: Screenshot, path: String, thumbnailBox: (Int, Int)?) {
    self.image = image
    self.path = path
    self.thumbnailBox = thumbnailBox
  }

  func run() {
    do {
      try image.writePNG(to: path)
    } catch {
      failure = error
    }
    if let (width, height) = thumbnailBox {
      thumbnail = image.scaled(toFit: width, height)
    }
  }
}

private func pngJobMain(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
  guard let raw else { return nil }
  Unmanaged<PNGJob>.fromOpaque(raw).takeRetainedValue().run()
  return nil
}
