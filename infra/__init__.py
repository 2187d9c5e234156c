"""Build, template and deployment helpers (not part of the Lambda artifact)."""
