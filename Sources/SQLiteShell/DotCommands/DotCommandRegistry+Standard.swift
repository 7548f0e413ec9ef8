extension DotCommandRegistry {
  /// litesh's commands, with sqlite3's other names kept for abbreviation order.
  package static let standard = DotCommandRegistry([
    DotCommand("archive", help: HelpText.archiveHelp, handler: ArchiveCommand.run),
    DotCommand(
      "auth", minimumPrefix: 2, help: HelpText.authHelp, handler: AuthorizerTrace.command),
    DotCommand(
      "backup", minimumPrefix: 3, help: HelpText.backupHelp,
      handler: FileCommands.backup),
    DotCommand("bail", minimumPrefix: 3, help: HelpText.bailHelp, handler: SettingCommands.bail),
    DotCommand(
      "binary", minimumPrefix: 3, help: HelpText.binaryHelp, handler: SettingCommands.binary),
    DotCommand(
      "cd", minimumPrefix: 2, help: HelpText.cdHelp,
      handler: FileCommands.changeDirectory),
    DotCommand(
      "changes", minimumPrefix: 3, help: HelpText.changesHelp, handler: SettingCommands.changes),
    DotCommand(
      "check", minimumPrefix: 3, help: HelpText.checkHelp, handler: TestcaseCommands.check),
    DotCommand("clone", help: HelpText.cloneHelp, handler: CloneCommand.run),
    DotCommand(
      "connection", minimumPrefix: 2, help: HelpText.connectionHelp,
      handler: ConnectionSlotCommand.run),
    DotCommand(
      "databases", minimumPrefix: 2, help: HelpText.databasesHelp,
      handler: DatabaseCommands.databases),
    DotCommand(
      "dbconfig", minimumPrefix: 3, help: HelpText.dbconfigHelp,
      handler: ConnectionCommands.dbConfig),
    DotCommand(
      "dbinfo", minimumPrefix: 3, help: HelpText.dbinfoHelp,
      handler: DatabaseCommands.dbinfo),
    DotCommand("dump", help: HelpText.dumpHelp, handler: DumpCommand.run),
    DotCommand("echo", help: HelpText.echoHelp, handler: SettingCommands.echo),
    DotCommand("eqp", help: HelpText.eqpHelp, handler: SettingCommands.eqp),
    DotCommand("exit", minimumPrefix: 2, help: HelpText.exitHelp, handler: SessionCommands.exit),
    DotCommand(
      "explain", minimumPrefix: 3, help: HelpText.explainHelp, handler: SettingCommands.explain),
    DotCommand("excel", minimumPrefix: 5, help: HelpText.excelHelp, handler: OutputCommands.excel),
    DotCommand(
      "expert", minimumPrefix: 4, help: HelpText.expertHelp, handler: ExpertCommand.run),
    DotCommand("filectrl", help: HelpText.filectrlHelp, handler: FileControlCommand.run),
    DotCommand(
      "fullschema", minimumPrefix: 2, help: HelpText.fullschemaHelp,
      handler: SchemaCommands.fullSchema),
    DotCommand("headers", help: HelpText.headersHelp, handler: SettingCommands.headers),
    DotCommand("help", help: HelpText.helpHelp, handler: SessionCommands.help),
    DotCommand("import", minimumPrefix: 2, help: HelpText.importHelp, handler: ImportCommand.run),
    DotCommand(
      "imposter", minimumPrefix: 5, help: HelpText.imposterHelp, handler: ImposterCommand.run),
    DotCommand(
      "indexes", minimumPrefix: 2, help: HelpText.indexesHelp,
      handler: SchemaCommands.indexes),
    // sqlite3's other spelling of .indexes, which its .help does not list either.
    DotCommand("indices", minimumPrefix: 2, handler: SchemaCommands.indexes),
    DotCommand(
      "load", help: HelpText.loadHelp,
      handler: FileCommands.load),
    DotCommand(
      "limits", minimumPrefix: 5, help: HelpText.limitHelp, handler: SettingCommands.limits),
    DotCommand("lint", minimumPrefix: 3, help: HelpText.lintHelp, handler: LintCommand.run),
    DotCommand("log", minimumPrefix: 3, help: HelpText.logHelp, handler: DiagnosticCommands.log),
    DotCommand("mode", help: HelpText.modeHelp, handler: ModeCommand.run),
    DotCommand(
      "nonce", minimumPrefix: 2, help: HelpText.nonceHelp, handler: ConnectionCommands.nonce),
    DotCommand("nullvalue", help: HelpText.nullvalueHelp, handler: SettingCommands.nullValue),
    DotCommand("once", help: HelpText.onceHelp, handler: OutputCommands.once),
    DotCommand(
      "open", minimumPrefix: 2, help: HelpText.openHelp,
      handler: DatabaseCommands.open),
    DotCommand(
      "output", minimumPrefix: 2, help: HelpText.outputHelp, handler: OutputCommands.output),
    DotCommand(
      "parameter", minimumPrefix: 2, help: HelpText.parameterHelp, handler: ParameterCommand.run),
    DotCommand("print", minimumPrefix: 3, help: HelpText.printHelp, handler: OutputCommands.print),
    DotCommand(
      "progress", minimumPrefix: 3, help: HelpText.progressHelp,
      handler: DiagnosticCommands.progress),
    DotCommand("prompt", help: HelpText.promptHelp, handler: SettingCommands.prompt),
    DotCommand("quit", help: HelpText.quitHelp, handler: SessionCommands.quit),
    DotCommand("read", minimumPrefix: 3, help: HelpText.readHelp, handler: SessionCommands.read),
    DotCommand("recover", help: HelpText.recoverHelp, handler: RecoverCommand.run),
    DotCommand(
      "restore", minimumPrefix: 3, help: HelpText.restoreHelp,
      handler: FileCommands.restore),
    DotCommand(
      "save", minimumPrefix: 3, help: HelpText.saveHelp,
      handler: FileCommands.save),
    DotCommand("scanstats", help: HelpText.scanstatsHelp, handler: DiagnosticCommands.scanStats),
    DotCommand(
      "schema", minimumPrefix: 3, help: HelpText.schemaHelp,
      handler: SchemaCommands.schema),
    DotCommand(
      "separator", minimumPrefix: 2, help: HelpText.separatorHelp,
      handler: SettingCommands.separator),
    DotCommand(
      "selftest", minimumPrefix: 4, help: HelpText.selftestHelp, handler: SelftestCommand.run),
    DotCommand(
      "session", minimumPrefix: 3, help: HelpText.sessionHelp, handler: ChangeSessionCommand.run),
    DotCommand(
      "sha3sum", minimumPrefix: 4, help: HelpText.sha3sumHelp, handler: SHA3SumCommand.run),
    DotCommand(
      "shell", minimumPrefix: 2, help: HelpText.shellHelp,
      handler: FileCommands.shellCommand),
    DotCommand("show", minimumPrefix: 3, help: HelpText.showHelp, handler: SessionCommands.show),
    DotCommand(
      "stats", minimumPrefix: 2, help: HelpText.statsHelp,
      handler: StatsCommand.run),
    DotCommand(
      "system", minimumPrefix: 2, help: HelpText.systemHelp,
      handler: FileCommands.systemCommand),
    DotCommand(
      "tables", minimumPrefix: 2, help: HelpText.tablesHelp,
      handler: SchemaCommands.tables),
    DotCommand(
      "testcase", minimumPrefix: 8, help: HelpText.testcaseHelp,
      handler: TestcaseCommands.testcase),
    DotCommand(
      "testctrl", minimumPrefix: 8, help: HelpText.testctrlHelp,
      handler: TestControlCommand.run),
    DotCommand(
      "timeout", minimumPrefix: 5, help: HelpText.timeoutHelp, handler: SettingCommands.timeout),
    DotCommand(
      "timer", minimumPrefix: 5, help: HelpText.timerHelp, handler: SettingCommands.timer),
    DotCommand("trace", help: HelpText.traceHelp, handler: DiagnosticCommands.trace),
    DotCommand(
      "vfsinfo", minimumPrefix: 4, help: HelpText.vfsinfoHelp, handler: ConnectionCommands.vfsInfo),
    DotCommand(
      "vfslist", minimumPrefix: 4, help: HelpText.vfslistHelp, handler: ConnectionCommands.vfsList),
    DotCommand(
      "vfsname", minimumPrefix: 4, help: HelpText.vfsnameHelp,
      handler: DatabaseCommands.vfsname),
    DotCommand("width", help: HelpText.widthHelp, handler: SettingCommands.width),
    // litesh's own commands, after sqlite3's so they shadow none of its abbreviations.
    DotCommand(
      "bench", minimumPrefix: 3, origin: .litesh, help: HelpText.benchHelp,
      handler: BenchCommand.run),
    DotCommand(
      "cluster", minimumPrefix: 3, origin: .litesh, help: HelpText.clusterHelp,
      handler: DqliteCommands.cluster),
    DotCommand(
      "color", minimumPrefix: 3, origin: .litesh, help: HelpText.colorHelp,
      handler: TerminalCommands.color),
    DotCommand(
      "describe", minimumPrefix: 3, origin: .litesh, help: HelpText.describeHelp,
      handler: DescribeCommand.run),
    DotCommand(
      "edit", minimumPrefix: 2, origin: .litesh, help: HelpText.editHelp,
      handler: TerminalCommands.edit),
    DotCommand(
      "last", minimumPrefix: 3, origin: .litesh, help: HelpText.lastHelp,
      handler: DisplayCommands.last),
    DotCommand(
      "leader", minimumPrefix: 3, origin: .litesh, help: HelpText.leaderHelp,
      handler: DqliteCommands.leader),
    DotCommand(
      "maxrows", minimumPrefix: 3, origin: .litesh, help: HelpText.maxrowsHelp,
      handler: DisplayCommands.maxrows),
    DotCommand(
      "pager", minimumPrefix: 3, origin: .litesh, help: HelpText.pagerHelp,
      handler: TerminalCommands.pager),
    DotCommand(
      "readers", minimumPrefix: 5, origin: .litesh, help: HelpText.readersHelp,
      handler: ReadersCommand.run),
    DotCommand(
      "watch", minimumPrefix: 3, origin: .litesh, help: HelpText.watchHelp,
      handler: WatchCommand.run),
    DotCommand(
      "begin", minimumPrefix: 3, origin: .litesh, help: HelpText.beginHelp,
      handler: TransactionCommands.begin),
    DotCommand(
      "commit", minimumPrefix: 3, origin: .litesh, help: HelpText.commitHelp,
      handler: TransactionCommands.commit),
    DotCommand(
      "rollback", minimumPrefix: 3, origin: .litesh, help: HelpText.rollbackHelp,
      handler: TransactionCommands.rollback),
    DotCommand(
      "savepoint", minimumPrefix: 5, origin: .litesh, help: HelpText.savepointHelp,
      handler: TransactionCommands.savepoint),
    DotCommand(
      "release", minimumPrefix: 3, origin: .litesh, help: HelpText.releaseHelp,
      handler: TransactionCommands.release),
  ])
}
