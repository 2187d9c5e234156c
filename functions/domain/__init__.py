"""Pure domain code: Gift Aid rules, HMRC schedule and R68/GovTalk builders and parsers, CSV mapping
and parsing, donor matching, money and tax-year helpers.

Nothing here touches AWS, PynamoDB or Chalice (an import-linter contract in pyproject.toml
enforces it), so these rules are tested table-driven without mocks and stay fast to import.
"""
