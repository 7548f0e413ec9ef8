import Testing

@Suite("DecimalFunctions")
struct DecimalFunctionsTests {
  @Test(
    "decimal functions, decimal_sum and the decimal collation match sqlite3",
    arguments: [
      "SELECT decimal('1.50'), decimal(' -0.0'), decimal('1e3'), decimal('1.5e-3'), decimal(2.5)",
      "SELECT decimal(1e20), decimal(x'41'), decimal(NULL), decimal('abc'), decimal('1a2'), decimal('-0')",
      "SELECT decimal(0.1), decimal(1e-7), decimal('12.345e1'), decimal('.5'), decimal('5.'), decimal('+7')",
      "SELECT decimal('1.2.3'), decimal(1), decimal(-42), decimal('0e-2'), decimal('-.5e-3'), decimal('000123.4500')",
      "SELECT decimal('1e-2'), decimal('10e-1'), decimal('100e-5'), decimal('0.00e2'), decimal('1e'), decimal('1e+')",
      "SELECT decimal('1.5e+2x3'), decimal('  +12'), decimal('9.99e-1'), decimal('12e-5'), decimal(1.0e-300)",
      "SELECT decimal_add('1.5', '2.25'), decimal_sub('1', '3'), decimal_mul('1.5', '-2.0'), decimal_mul('0.1', '0.1')",
      "SELECT decimal_cmp('1.0', '1'), decimal_cmp('-1', '1'), decimal_cmp('2', '10'), decimal_cmp('1', '1.000')",
      "SELECT decimal_cmp('0', '-0'), decimal_cmp('0.0', '0'), decimal_cmp('-2', '-10'), decimal_cmp('5', '5')",
      "SELECT decimal_add(NULL, '1'), decimal_mul(NULL, '1'), decimal_cmp(NULL, '1'), decimal_sub('1', NULL)",
      "SELECT decimal_add('999.999', '0.001'), decimal_sub('0.001', '999.999'), decimal_add('-5', '5')",
      "SELECT decimal_add('-1.25', '0.5'), decimal_add('0', '0'), decimal_sub('-3', '-3.000'), decimal_add(1, 2.5)",
      "SELECT decimal_mul('123456789012345678901234567890', '987654321098765432109876543210')",
      "SELECT decimal_mul('0', '5.5'), decimal_mul('-0.5', '-0.5'), decimal_mul('100', '0.01'), decimal_mul(3, 4)",
      "SELECT decimal_sum(x) FROM (SELECT '1.1' x UNION ALL SELECT '2.25' UNION ALL SELECT NULL)",
      "SELECT decimal_sum(x) FROM (SELECT 1 x WHERE 0)",
      "SELECT decimal_sum(NULL)",
      "SELECT x, decimal_sum(x) OVER (ORDER BY x ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM "
        + "(SELECT '1' x UNION ALL SELECT '2' UNION ALL SELECT '3.5')",
      "SELECT decimal_sum(x) FROM (SELECT '0.1' x UNION ALL SELECT 0.2 UNION ALL SELECT '-0.3')",
      "CREATE TABLE t(x COLLATE decimal); INSERT INTO t VALUES('10'),('9'),('9.5'),('-1'),('1e1'),('-10');"
        + "SELECT x FROM t ORDER BY x",
      "SELECT 'a' FROM (SELECT 1) WHERE '1.0' = '1' COLLATE decimal",
      "SELECT decimal('1', 2)",
    ])
  func matchesSQLite3(sql: String) throws {
    try expectSameAsSQLite3(sql)
  }
}
