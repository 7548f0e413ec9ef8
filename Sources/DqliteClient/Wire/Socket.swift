import Glibc

/// A blocking TCP socket to one node, used on the caller's thread, with send/receive timeouts.
final class Socket {
  private var descriptor: Int32

  /// Connects to `host:port` (IPv4 literal or name), failing after `timeout` seconds.
  init(address: String, timeout: Double) throws(DqliteError) {
    guard let colon = address.lastIndex(of: ":"),
      let port = UInt16(address[address.index(after: colon)...])
    else { throw DqliteError(.connection, "bad dqlite node address '\(address)' (want HOST:PORT)") }
    let host = String(address[..<colon])
    var hints = addrinfo()
    hints.ai_family = AF_INET
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var info: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &info) == 0, let first = info else {
      throw DqliteError(.connection, "cannot resolve dqlite node '\(host)'")
    }
    defer { freeaddrinfo(info) }
    descriptor = socket(first.pointee.ai_family, first.pointee.ai_socktype, 0)
    guard descriptor >= 0 else { throw DqliteError(.connection, "socket: errno \(errno)") }
    var noDelay: Int32 = 1
    setsockopt(
      descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
    var limit = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1e6))
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    // SO_SNDTIMEO bounds connect() on Linux too.
    if connect(descriptor, first.pointee.ai_addr, first.pointee.ai_addrlen) != 0 {
      let error = errno
      close(descriptor)
      descriptor = -1
      throw DqliteError(
        .connection, "cannot connect to dqlite node \(address): \(Socket.describe(error))")
    }
  }

  deinit { if descriptor >= 0 { close(descriptor) } }

  /// Sets how long a receive may wait, in seconds.
  func setReceiveTimeout(_ timeout: Double) {
    var limit = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1e6))
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
  }

  func write(_ bytes: [UInt8]) throws(DqliteError) {
    var sent = 0
    while sent < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        send(
          descriptor, buffer.baseAddress.map { $0 + sent }, buffer.count - sent, Int32(MSG_NOSIGNAL)
        )
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw DqliteError(
          .connection, "dqlite connection lost while sending: \(Socket.describe(errno))")
      }
      sent += count
    }
  }

  /// Reads exactly `count` bytes.
  func read(_ count: Int) throws(DqliteError) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    var received = 0
    while received < count {
      let got = bytes.withUnsafeMutableBytes { buffer in
        recv(descriptor, buffer.baseAddress.map { $0 + received }, count - received, 0)
      }
      if got == 0 { throw DqliteError(.connection, "dqlite node closed the connection") }
      if got < 0 {
        if errno == EINTR { continue }
        throw DqliteError(
          .connection, "dqlite connection lost while receiving: \(Socket.describe(errno))")
      }
      received += got
    }
    return bytes
  }

  private static func describe(_ error: Int32) -> String {
    if error == EAGAIN || error == EWOULDBLOCK { return "timed out" }
    return strerror(error).map { String(cString: $0) } ?? "errno \(error)"
  }
}
