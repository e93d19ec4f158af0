"""Dates on Polish pages as most of our pages write them (ISO 8601: 2026-11-28 04:06), so a
date reads the same wherever Django formats it (a bare `{{ when }}`, `SHORT_DATETIME_FORMAT`)
and beside the explicit `|date:"Y-m-d H:i"` of the templates (issue 43: one format per
language). Everything not set here (input formats, number separators) stays Django's."""

DATE_FORMAT = "Y-m-d"
SHORT_DATE_FORMAT = "Y-m-d"
DATETIME_FORMAT = "Y-m-d H:i"
SHORT_DATETIME_FORMAT = "Y-m-d H:i"
