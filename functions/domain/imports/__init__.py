"""Importing donation files (pure): reading CSV/XLSX layouts, turning cells into donors, donations
and declarations, and deciding which donor a row belongs to. No AWS, PynamoDB or Chalice here."""
