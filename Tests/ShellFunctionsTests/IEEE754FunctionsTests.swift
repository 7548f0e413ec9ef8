import Testing

@Suite("IEEE754Functions")
struct IEEE754FunctionsTests {
  @Test(
    "the ieee754 family matches sqlite3",
    arguments: [
      "SELECT ieee754(2.0), ieee754(45.25), ieee754(-0.0), ieee754(0.0), ieee754(-1.5), ieee754(1e308*10)",
      "SELECT ieee754(5e-324), ieee754('abc'), ieee754(NULL), ieee754(x'3ff0000000000000'), ieee754(3)",
      "SELECT ieee754(1e-320), ieee754(x'7ff8000000000000'), ieee754(x'0102'), ieee754(-7e-310)",
      "SELECT ieee754(2, 0), ieee754(181, -2), ieee754(0, 5000), ieee754(-1, 1), ieee754(1, -1080)",
      "SELECT ieee754(1, 2000), ieee754(NULL, 1), ieee754(1, NULL), ieee754(0, 0), ieee754(3, 1)",
      "SELECT ieee754(-5, -1), ieee754(4503599627370497, 0), ieee754(1, -1074), ieee754(1, -1075)",
      "SELECT ieee754(9223372036854775807, 0), ieee754(3, -1075), ieee754(1, 99999), ieee754(0, -5000)",
      "SELECT ieee754_mantissa(45.25), ieee754_exponent(45.25), ieee754_mantissa(x'0000000000000001')",
      "SELECT ieee754_exponent(x'0000000000000001'), ieee754_mantissa(-0.0), ieee754_exponent(-0.0)",
      "SELECT ieee754_from_blob(x'3ff0000000000000'), ieee754_from_blob(x'00'), ieee754_from_blob(1.0)",
      "SELECT hex(ieee754_to_blob(1.0)), hex(ieee754_to_blob(2)), ieee754_to_blob('1.0'), ieee754_to_blob(NULL)",
      "SELECT ieee754_from_blob(ieee754_to_blob(-123.456)), ieee754(ieee754_mantissa(0.1), ieee754_exponent(0.1))",
    ])
  func matchesSQLite3(sql: String) throws {
    try expectSameAsSQLite3(sql)
  }
}
