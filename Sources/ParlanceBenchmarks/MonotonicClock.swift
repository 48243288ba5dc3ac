#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// `CLOCK_MONOTONIC`, which every process on the machine shares: a parent can subtract
/// the instant it spawned a child from an instant the child reports.
enum MonotonicClock {
  static func nanoseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
  }
}
