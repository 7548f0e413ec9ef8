import Glibc

/// zlib's `compress`, `uncompress` and `compressBound`, found in the system's libz with
/// `dlopen` the first time an archive function runs.
///
/// litesh does not link zlib: every start would load it, and only `sqlar_compress`,
/// `sqlar_uncompress` and `.archive` use it. The versioned name needs no `-dev` package.
struct Zlib: @unchecked Sendable {
  // @unchecked: C function pointers, set once when the library loads and never changed.

  typealias Compress =
    @convention(c) (
      UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt>?, UnsafePointer<UInt8>?, UInt
    ) -> Int32

  /// `Z_OK`.
  static let ok: Int32 = 0

  let compress: Compress
  let uncompress: Compress
  let compressBound: @convention(c) (UInt) -> UInt
  /// `zlibVersion()`: the library's version (`1.2.13`), as `.version` prints it.
  let version: String

  /// The library, loaded on first use; `nil` when this system has no libz.
  static let shared: Zlib? = load()

  /// What to say when the library is missing.
  static let missing = "zlib (libz.so.1) is not installed"

  private static func load() -> Zlib? {
    guard let handle = dlopen("libz.so.1", RTLD_NOW | RTLD_LOCAL) ?? dlopen("libz.so", RTLD_NOW)
    else { return nil }
    guard let compress = dlsym(handle, "compress"),
      let uncompress = dlsym(handle, "uncompress"),
      let compressBound = dlsym(handle, "compressBound"),
      let version = dlsym(handle, "zlibVersion")
    else { return nil }
    let versionText = unsafeBitCast(version, to: (@convention(c) () -> UnsafePointer<CChar>).self)
    return Zlib(
      compress: unsafeBitCast(compress, to: Compress.self),
      uncompress: unsafeBitCast(uncompress, to: Compress.self),
      compressBound: unsafeBitCast(compressBound, to: (@convention(c) (UInt) -> UInt).self),
      version: String(cString: versionText()))
  }

  /// `bytes` in the zlib format (`compress`, level 6), or `nil` when zlib fails.
  func deflate(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
    var size = compressBound(UInt(bytes.count))
    var output = [UInt8](repeating: 0, count: Int(size))
    let rc = output.withUnsafeMutableBufferPointer {
      compress(
        $0.baseAddress, &size, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
        UInt(bytes.count))
    }
    guard rc == Self.ok else { return nil }
    output.removeLast(output.count - Int(size))
    return output
  }

  /// Inflates zlib-format `bytes` into `output`; the size produced, or `nil` when they do not
  /// inflate into it.
  func inflate(_ bytes: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer)
    -> Int?
  {
    var produced = UInt(output.count)
    let rc = uncompress(
      output.baseAddress?.assumingMemoryBound(to: UInt8.self), &produced,
      bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt(bytes.count))
    return rc == Self.ok ? Int(produced) : nil
  }
}
