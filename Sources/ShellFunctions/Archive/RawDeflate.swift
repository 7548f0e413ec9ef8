import Glibc

/// zlib's raw deflate streams (no zlib header, `windowBits` -15) and its CRC-32, as ZIP
/// archives hold them; found in the system's libz with `dlopen`, as ``Zlib`` is.
struct RawDeflate: @unchecked Sendable {
  // @unchecked: C function pointers, set once when the library loads and never changed.

  private typealias DeflateInit =
    @convention(c) (
      UnsafeMutableRawPointer?, Int32, Int32, Int32, Int32, Int32, UnsafePointer<CChar>?, Int32
    ) -> Int32
  private typealias InflateInit =
    @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, Int32) -> Int32
  private typealias Step = @convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32
  private typealias End = @convention(c) (UnsafeMutableRawPointer?) -> Int32
  private typealias Bound = @convention(c) (UnsafeMutableRawPointer?, UInt) -> UInt
  private typealias Checksum = @convention(c) (UInt, UnsafePointer<UInt8>?, UInt32) -> UInt
  private typealias Version = @convention(c) () -> UnsafePointer<CChar>?

  private let deflateInit: DeflateInit
  private let deflateStep: Step
  private let deflateEnd: End
  private let deflateBound: Bound
  private let inflateInit: InflateInit
  private let inflateStep: Step
  private let inflateEnd: End
  private let checksum: Checksum
  private let version: Version

  /// The library, loaded on first use; `nil` when this system has no libz.
  static let shared: RawDeflate? = load()

  /// `Z_STREAM_END`, `Z_FINISH`, `Z_NO_FLUSH`.
  private static let streamEnd: Int32 = 1
  private static let finish: Int32 = 4
  private static let noFlush: Int32 = 0

  /// `sizeof(z_stream)` on a 64-bit system, and where its fields are.
  private enum Stream {
    static let size = 112
    static let nextIn = 0
    static let availableIn = 8
    static let nextOut = 24
    static let availableOut = 32
    static let totalOut = 40

    /// Points `stream` (a zeroed `z_stream`) at its input and output buffers.
    static func setBuffers(
      _ stream: UnsafeMutableRawPointer, input: UnsafeRawBufferPointer,
      output: UnsafeMutableRawBufferPointer
    ) {
      stream.storeBytes(of: input.baseAddress, toByteOffset: nextIn, as: UnsafeRawPointer?.self)
      stream.storeBytes(of: UInt32(input.count), toByteOffset: availableIn, as: UInt32.self)
      stream.storeBytes(
        of: output.baseAddress, toByteOffset: nextOut, as: UnsafeMutableRawPointer?.self)
      stream.storeBytes(of: UInt32(output.count), toByteOffset: availableOut, as: UInt32.self)
    }
  }

  private static func load() -> RawDeflate? {
    guard let handle = dlopen("libz.so.1", RTLD_NOW | RTLD_LOCAL) ?? dlopen("libz.so", RTLD_NOW),
      let deflateInit = dlsym(handle, "deflateInit2_"), let deflateStep = dlsym(handle, "deflate"),
      let deflateEnd = dlsym(handle, "deflateEnd"),
      let deflateBound = dlsym(handle, "deflateBound"),
      let inflateInit = dlsym(handle, "inflateInit2_"), let inflateStep = dlsym(handle, "inflate"),
      let inflateEnd = dlsym(handle, "inflateEnd"), let checksum = dlsym(handle, "crc32"),
      let version = dlsym(handle, "zlibVersion")
    else { return nil }
    return RawDeflate(
      deflateInit: unsafeBitCast(deflateInit, to: DeflateInit.self),
      deflateStep: unsafeBitCast(deflateStep, to: Step.self),
      deflateEnd: unsafeBitCast(deflateEnd, to: End.self),
      deflateBound: unsafeBitCast(deflateBound, to: Bound.self),
      inflateInit: unsafeBitCast(inflateInit, to: InflateInit.self),
      inflateStep: unsafeBitCast(inflateStep, to: Step.self),
      inflateEnd: unsafeBitCast(inflateEnd, to: End.self),
      checksum: unsafeBitCast(checksum, to: Checksum.self),
      version: unsafeBitCast(version, to: Version.self))
  }

  /// The CRC-32 of `bytes`.
  func crc32(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
    var crc: UInt = 0
    var rest = bytes[...]
    while !rest.isEmpty {
      let count = min(rest.count, Int(UInt32.max >> 1))
      let chunk = UnsafeRawBufferPointer(rebasing: rest.prefix(count))
      crc = checksum(crc, chunk.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt32(count))
      rest = rest.dropFirst(count)
    }
    return UInt32(truncatingIfNeeded: crc)
  }

  /// `bytes` as a raw deflate stream at level 9, as sqlite3's zipfile writes; `nil` when zlib
  /// fails.
  func deflate(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
    guard bytes.count < Int(UInt32.max) else { return nil }
    let stream = UnsafeMutableRawPointer.allocate(byteCount: Stream.size, alignment: 8)
    stream.initializeMemory(as: UInt8.self, repeating: 0, count: Stream.size)
    defer { stream.deallocate() }
    // Z_DEFLATED (8), windowBits -15, memLevel 8, Z_DEFAULT_STRATEGY (0).
    guard deflateInit(stream, 9, 8, -15, 8, 0, version(), Int32(Stream.size)) == 0 else {
      return nil
    }
    defer { _ = deflateEnd(stream) }
    let bound = Int(deflateBound(stream, UInt(bytes.count)))
    var output = [UInt8](repeating: 0, count: max(bound, 1))
    let rc = output.withUnsafeMutableBytes { out in
      Stream.setBuffers(stream, input: bytes, output: out)
      return deflateStep(stream, Self.finish)
    }
    guard rc == Self.streamEnd else { return nil }
    let produced = Int(stream.load(fromByteOffset: Stream.totalOut, as: UInt.self))
    output.removeLast(output.count - produced)
    return output
  }

  /// Inflates the raw deflate stream `bytes` into `output` in one call, as sqlite3's zipfile
  /// does: the bytes produced, or zlib's code when the stream does not end inside `output`.
  func inflate(_ bytes: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer)
    -> Result<Int, InflateFailure>
  {
    let stream = UnsafeMutableRawPointer.allocate(byteCount: Stream.size, alignment: 8)
    stream.initializeMemory(as: UInt8.self, repeating: 0, count: Stream.size)
    defer { stream.deallocate() }
    Stream.setBuffers(stream, input: bytes, output: output)
    let initialized = inflateInit(stream, -15, version(), Int32(Stream.size))
    guard initialized == 0 else { return .failure(InflateFailure(code: initialized, isInit: true)) }
    defer { _ = inflateEnd(stream) }
    let rc = inflateStep(stream, Self.noFlush)
    guard rc == Self.streamEnd else { return .failure(InflateFailure(code: rc, isInit: false)) }
    return .success(Int(stream.load(fromByteOffset: Stream.totalOut, as: UInt.self)))
  }

  /// Why an inflate failed: zlib's code, from `inflateInit2` or from `inflate`.
  struct InflateFailure: Error {
    let code: Int32
    let isInit: Bool
  }
}
