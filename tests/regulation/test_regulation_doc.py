"""docs/regulation.md agrees with the code: its tables are compared with the seeded rows.

Each table sits between `<!-- name:start -->` and `<!-- name:end -->` markers. When a
table and the data differ, the failure prints the table the data gives, ready to paste.
"""

from __future__ import annotations

import importlib
import re
from datetime import date
from pathlib import Path

import pytest
from django.utils import timezone

from regulation.benchmark import benchmark_cache_clear, benchmark_table
from regulation.models import AnnexIEntry, ApplicationDate

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "regulation.md"
NONE = "—"


def doc_table(name: str) -> list[dict[str, str]]:
    text = DOC.read_text(encoding="utf-8")
    start, end = f"<!-- {name}:start -->", f"<!-- {name}:end -->"
    assert start in text and end in text, f"docs/regulation.md has no {name} table"
    lines = text.split(start)[1].split(end)[0].strip().splitlines()
    rows = [[cell.strip() for cell in line.strip().strip("|").split("|")] for line in lines]
    header = rows[0]
    return [dict(zip(header, row, strict=True)) for row in rows[2:]]


def _day(value: date | None) -> str:
    return value.isoformat() if value else NONE


def _as_markdown(header: list[str], rows: list[tuple[str, ...]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def _compare(name: str, documented: list[tuple[str, ...]], seeded: list[tuple[str, ...]], header: list[str]):
    missing = sorted(set(seeded) - set(documented))
    extra = sorted(set(documented) - set(seeded))
    assert not missing and not extra, (
        f"docs/regulation.md table {name!r} differs from the data.\n"
        f"In the data, not in the doc: {missing}\nIn the doc, not in the data: {extra}\n"
        f"The table the data gives:\n{_as_markdown(header, seeded)}"
    )


@pytest.mark.django_db
def test_the_dates_of_application_table_is_the_seeded_rows():
    header = [
        "Category",
        "Applies from",
        "Established as micro or small by",
        "Natural persons named",
        "Not for",
        "Act",
        "Provision",
        "In force from",
        "Until",
    ]
    seeded = [
        (
            row.category,
            _day(row.applies_from),
            _day(row.established_by),
            "yes" if row.natural_persons else "no",
            row.excepted_commodities or NONE,
            row.act,
            row.provision,
            _day(row.valid_from),
            _day(row.valid_until),
        )
        for row in ApplicationDate.objects.order_by("valid_from", "category")
    ]
    documented = [tuple(row[column] for column in header) for row in doc_table("application-dates")]
    _compare("application-dates", documented, seeded, header)


@pytest.mark.django_db
def test_the_dates_the_issue_names_are_in_the_table():
    """The literal dates, so a doc and data that drifted together still fail here."""
    table = doc_table("application-dates")
    rows = {(r["Category"], r["Act"]): (r["Applies from"], r["In force from"]) for r in table}
    assert rows[("general", "Regulation (EU) 2023/1115")] == ("2024-12-30", "2023-06-29")
    assert rows[("micro_small", "Regulation (EU) 2023/1115")][0] == "2025-06-30"
    assert rows[("general", "Regulation (EU) 2024/3234")][0] == "2025-12-30"
    assert rows[("micro_small", "Regulation (EU) 2024/3234")][0] == "2026-06-30"
    assert rows[("general", "Regulation (EU) 2025/2650")] == ("2026-12-30", "2025-12-26")
    assert rows[("micro_small", "Regulation (EU) 2025/2650")][0] == "2027-06-30"


@pytest.mark.django_db
def test_the_benchmark_counts_are_the_rows_in_force():
    benchmark_cache_clear()
    table = benchmark_table(timezone.now().date())
    documented = {row["Class"]: row for row in doc_table("benchmark-counts")}
    assert set(documented) == {"high", "low", "standard"}
    for risk_class, row in documented.items():
        in_force = sorted(code for code, value in table.items() if value == risk_class)
        assert int(row["Rows"]) == len(in_force), f"{risk_class}: {in_force}"
    high = sorted(code for code, value in table.items() if value == "high")
    assert documented["high"]["Countries"] == ", ".join(high) == "BY, KP, MM, RU"
    assert (int(documented["low"]["Rows"]), int(documented["high"]["Rows"])) == (140, 4)


@pytest.mark.django_db
def test_the_annex_i_table_lists_every_line():
    header = ["Commodity", "HS code", "Description", "From", "Until", "Act", "Removed by"]
    seeded = [
        (
            row.commodity,
            row.hs_code,
            row.description,
            _day(row.applies_from),
            _day(row.applies_until),
            row.act,
            row.removed_by or NONE,
        )
        for row in AnnexIEntry.objects.order_by("commodity", "hs_code", "applies_from")
    ]
    documented = [tuple(row[column] for column in header) for row in doc_table("annex-i-lines")]
    _compare("annex-i-lines", documented, seeded, header)


def test_the_article_table_covers_the_authorised_representative_and_annex_ii():
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("## Article by article") : text.index("## Dates of application")]
    rows = {line.split("|")[1].strip(): line for line in section.splitlines() if line.startswith("| ")}
    assert "accounts.models.Mandate" in rows["6"]
    assert "templates/compliance/dds_pdf.html" in rows["Annex II"]
    assert "ApplicationDate" in rows["38 as amended by 2024/3234 and 2025/2650"]


def test_files_and_names_the_doc_points_to_exist():
    text = DOC.read_text(encoding="utf-8")
    paths = set(re.findall(r"`([\w/.-]+\.(?:py|html|md))`", text))
    missing = sorted(p for p in paths if "..." not in p and not (ROOT / p).exists())
    assert not missing, f"docs/regulation.md names files that do not exist: {missing}"
    apps = "|".join(("accounts", "compliance", "risk", "euis", "reports", "webhooks"))
    for dotted in set(re.findall(rf"`((?:{apps})(?:\.\w+)+)`", text)):
        module, _, attribute = dotted.rpartition(".")
        try:
            assert hasattr(importlib.import_module(module), attribute), dotted
        except ModuleNotFoundError:
            importlib.import_module(dotted)  # the name is a module itself


def test_the_timber_annex_table_is_the_data():
    """The 995/2010 Annex lines and today's codes in the doc are `ANNEX_995_2010` (issue 41.5)."""
    from regulation.timber_regulation import ANNEX_995_2010

    header = ["Annex line (CN 2010)", "Products", "Codes today", "Why"]
    data = [
        (
            line.code_2010,
            line.description,
            ", ".join(_spaced(code) for code in line.codes_today),
            line.correspondence,
        )
        for line in ANNEX_995_2010
    ]
    documented = [tuple(row[column] for column in header) for row in doc_table("timber-annex")]
    _compare("timber-annex", documented, data, header)


def _spaced(code: str) -> str:
    """CN digits as the tariff prints them: 44149000 -> 4414 90 00; 47 -> Chapter 47."""
    if len(code) == 2:
        return f"Chapter {code}"
    return " ".join([code[:4], *(code[i : i + 2] for i in range(4, len(code), 2))])


def test_the_retention_table_is_the_data():
    from regulation.roles import RETENTION_RULES

    header = ["Record", "Years", "Counted from", "Provision", "Read in the OJ"]
    data = [
        (name, str(rule.years), rule.counted_from, rule.provision, "yes" if rule.confirmed else "no")
        for name, rule in RETENTION_RULES.items()
    ]
    documented = [tuple(row[column] for column in header) for row in doc_table("retention")]
    _compare("retention", documented, data, header)


def test_the_polish_authorities_table_is_the_data():
    from regulation.authorities import POLISH_COMPETENT_AUTHORITIES

    header = ["Commodities", "Authority", "In English", "Source"]
    data = [
        (", ".join(sorted(row.commodities)), row.name_pl, row.name_en, row.source)
        for row in POLISH_COMPETENT_AUTHORITIES
    ]
    documented = [tuple(row[column] for column in header) for row in doc_table("polish-authorities")]
    _compare("polish-authorities", documented, data, header)
