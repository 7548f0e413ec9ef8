/// What `xCreate` and `xConnect` are told about the table being made: its names and the
/// arguments of `CREATE VIRTUAL TABLE … USING module(…)`, as the bytes SQLite passes.
package struct VirtualTableArguments {
  /// The module's name, as registered.
  package var moduleName: [UInt8]
  /// The schema the table is in: `main`, `temp` or an attached name.
  package var databaseName: [UInt8]
  /// The table's name (the module's for an eponymous table).
  package var tableName: [UInt8]
  /// The module arguments, each as written (quotes kept); none for an eponymous table.
  package var arguments: [[UInt8]]

  init(count: Int32, values: UnsafePointer<UnsafePointer<CChar>?>?) {
    var all: [[UInt8]] = []
    for index in 0..<Int(max(count, 0)) {
      guard let value = values?[index] else {
        all.append([])
        continue
      }
      var length = 0
      while value[length] != 0 { length += 1 }
      all.append(
        UnsafeRawBufferPointer(start: value, count: length).map { $0 })
    }
    while all.count < 3 { all.append([]) }
    moduleName = all[0]
    databaseName = all[1]
    tableName = all[2]
    arguments = Array(all[3...])
  }
}
