"""Every page a person sees, with the states `make screenshots` pictures it in.

One list for both scripts (scripts/screenshots.py: the public pages and the widget;
scripts/panel_screenshots.py: sign-in pages and the panel), for docs/screenshots.md
(written from it by `make screenshots`) and for tests/test_screenshot_pages.py, which
fails when a page of the panel's URLconf has no entry here. Pictures are named
docs/img/<page>-<state>-<lang>.png. No Django and no browser needed to import it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "img"
INDEX = ROOT / "docs" / "screenshots.md"
LANGS = ("pl", "en")


@dataclass(frozen=True)
class Page:
    name: str  # the picture's prefix
    title: str
    script: str  # "public" (screenshots.py) or "panel" (panel_screenshots.py)
    # The URL names whose pages (or, for a POST-only action, whose result) the pictures show.
    url_names: tuple[str, ...]
    states: tuple[tuple[str, str], ...]  # (state, what the picture shows)
    langs: tuple[str, ...] = LANGS
    note: str = ""

    def pictures(self) -> list[str]:
        return [picture(self.name, state, lang) for state, _ in self.states for lang in self.langs]


def picture(page: str, state: str, lang: str) -> str:
    return f"{page}-{state}-{lang}.png"


WIDGET_STATES = (
    ("verified", "a current COMPLIANT statement of a confirmed operator"),
    ("in_progress", "filed and being checked (SUBMITTED)"),
    ("none", "no verification (AT_RISK)"),
)

PAGES: tuple[Page, ...] = (
    # --- Public pages ---------------------------------------------------------------
    *(
        Page(f"widget-{style}", f"Widget, style {style}", "public", ("widget-js",), WIDGET_STATES)
        for style in ("badge", "card", "full")
    ),
    Page(
        "widget-demo",
        "Widget demo page",
        "public",
        ("widget-demo",),
        (("all", "every style and state for the demo statements"),),
        langs=("en",),
        note="a developers' page, in English only; it shows the widget in both languages",
    ),
    Page(
        "certificate",
        "Public status page of a statement (/cert/{id})",
        "public",
        ("certificate",),
        (
            ("verified", "COMPLIANT, operator confirmed: verified, with validity"),
            ("submitted", "SUBMITTED: verification in progress"),
            ("under_review", "UNDER_REVIEW (high risk): verification in progress"),
            ("at_risk", "AT_RISK (critical risk): no verification"),
            ("non_compliant", "NON_COMPLIANT (staff decision): no verification"),
            ("withdrawn", "WITHDRAWN by the operator"),
            ("expired", "EXPIRED: the result's validity ran out"),
            ("not_found", "an unknown identifier (or a draft, which is never public)"),
        ),
    ),
    Page(
        "problems",
        "Problem types index (/problems/)",
        "public",
        ("problem-index",),
        (("index", "every problem code the API answers with"),),
    ),
    Page(
        "problem",
        "One problem type (/problems/{code})",
        "public",
        ("problem-type",),
        (("detail", "a known code"), ("not_found", "an unknown code")),
    ),
    Page(
        "methodology",
        "Method descriptions (/methodology, /methodology/csrd)",
        "public",
        ("methodology", "methodology-part"),
        (("risk", "the risk score methodology"), ("csrd", "the CSRD report method")),
        langs=("en",),
        note="rendered from docs/*.md, which are in English only",
    ),
    Page(
        "api-docs",
        "API documentation (/api/docs/)",
        "public",
        ("swagger-ui",),
        (("swagger", "Swagger UI of the OpenAPI schema"),),
        langs=("en",),
        note="the OpenAPI descriptions are in English only",
    ),
    # --- Sign-in pages --------------------------------------------------------------
    Page(
        "account-login",
        "Sign in",
        "panel",
        ("login", "logout"),
        (("empty", "the form"), ("error", "a wrong password"), ("signed_out", "after signing out")),
    ),
    Page(
        "account-signup",
        "Sign up",
        "panel",
        ("signup",),
        (("empty", "the form"), ("error", "validation errors")),
    ),
    Page(
        "account-password-reset",
        "Password reset",
        "panel",
        ("password_reset", "password_reset_done"),
        (("empty", "asking for the e-mail"), ("sent", "the e-mail was sent")),
    ),
    Page(
        "account-password-set",
        "New password (from the e-mailed link)",
        "panel",
        ("password_reset_confirm", "password_reset_complete"),
        (
            ("form", "a valid link: the new password form"),
            ("invalid_link", "a used or forged link"),
            ("done", "the password was changed"),
        ),
    ),
    # --- Panel ----------------------------------------------------------------------
    Page(
        "panel-dashboard",
        "Dashboard",
        "panel",
        ("panel-dashboard", "home"),
        (
            ("populated", "Pro plan: today's usage meter, 30 days of history"),
            ("empty", "a new Free account, no usage"),
        ),
    ),
    Page(
        "panel-plan",
        "Plan",
        "panel",
        ("panel-plan",),
        (("default", "the plan ladder and the request form"), ("requested", "an upgrade request sent")),
    ),
    Page(
        "panel-keys",
        "API keys",
        "panel",
        ("panel-keys",),
        (
            ("list", "live, test and revoked keys"),
            ("created", "a new test key, shown once"),
            ("error", "the form with a validation error"),
        ),
    ),
    Page(
        "panel-key-revoke",
        "Revoke an API key",
        "panel",
        ("panel-key-revoke",),
        (("confirm", "the confirmation"), ("done", "the list after revoking")),
    ),
    Page(
        "panel-webhooks",
        "Webhooks",
        "panel",
        ("panel-webhooks",),
        (
            ("list", "an enabled and a disabled endpoint"),
            ("created", "a new endpoint, its secret shown once"),
            ("error", "an address that is refused"),
            ("not_in_plan", "a plan without webhooks, with the upgrade link"),
        ),
    ),
    Page(
        "panel-webhook",
        "One webhook and its deliveries",
        "panel",
        ("panel-webhook", "panel-webhook-test", "panel-webhook-toggle", "panel-delivery-redeliver"),
        (
            ("deliveries", "delivered and failed deliveries"),
            ("test_sent", "after sending a test event"),
            ("redelivered", "after sending a delivery again"),
            ("disabled", "after disabling it"),
        ),
    ),
    Page(
        "panel-webhook-delete",
        "Delete a webhook",
        "panel",
        ("panel-webhook-delete",),
        (("confirm", "the confirmation"),),
    ),
    Page(
        "panel-statements",
        "Statements",
        "panel",
        ("panel-statements",),
        (("list", "one statement in each status"), ("empty", "a new Free account")),
    ),
    Page(
        "panel-statement",
        "One statement, with its map",
        "panel",
        ("panel-statement",),
        (
            ("compliant", "COMPLIANT: verified"),
            ("submitted", "SUBMITTED: being checked"),
            ("under_review", "UNDER_REVIEW: high risk"),
            ("at_risk", "AT_RISK: critical risk, plots abroad"),
            ("non_compliant", "NON_COMPLIANT: staff decision"),
            ("withdrawn", "WITHDRAWN"),
            ("expired", "EXPIRED"),
            ("draft", "DRAFT"),
            ("simplified", "a simplified declaration just filed from parcel numbers"),
        ),
    ),
    Page(
        "panel-declaration-new",
        "New simplified declaration",
        "panel",
        ("panel-declaration-new",),
        (
            ("empty", "the form"),
            ("checked", "parcels checked in the land register, on the map"),
            ("error", "validation errors"),
            ("not_in_plan", "a plan without filing, with the upgrade link"),
        ),
    ),
    Page(
        "panel-organisations",
        "Organisations and mandates",
        "panel",
        ("panel-organisations",),
        (("populated", "a verified organisation and a mandate"), ("empty", "none yet")),
    ),
    Page(
        "panel-supply-chain",
        "Roles and supply chain",
        "panel",
        ("panel-supply-chain",),
        (
            ("empty", "no roles chosen yet"),
            ("populated", "roles, their obligations, a trading partner and a concern"),
            ("error", "a form with validation errors"),
            ("not_in_plan", "a plan without filing, with the upgrade link"),
        ),
    ),
    Page(
        "panel-suppliers",
        "Suppliers (a buyer filing for its suppliers)",
        "panel",
        ("panel-suppliers",),
        (
            ("empty", "no roster uploaded yet"),
            ("populated", "the roster with mandates, a filing done and one in progress, the parcels' map"),
            ("upload_error", "a refused roster, every problem with its line and column"),
            ("mandates_requested", "after asking the suppliers for their mandates by e-mail"),
            ("not_in_plan", "a plan without filing, with the upgrade link"),
        ),
    ),
    Page(
        "panel-filing",
        "One bulk filing, followed from its start to the EU's reference numbers",
        "panel",
        ("panel-filing",),
        (
            ("done", "filed, every declaration with its EU reference number (or still waiting for it)"),
            ("running", "rows being filed; the page refreshes itself and offers cancel"),
        ),
    ),
    Page(
        "panel-upstream",
        "Declarations the account relies on, re-checked with the EU",
        "panel",
        ("panel-upstream",),
        (("list", "the farmers' own declarations, consignments' and the account's own, with their state"),),
    ),
    Page(
        "panel-eu-credentials",
        "EU Information System credentials",
        "panel",
        ("panel-eu-credentials",),
        (
            ("saved", "credentials saved"),
            ("empty", "none saved yet"),
            ("error", "the form with validation errors"),
            ("not_in_plan", "a plan without filing, with the upgrade link"),
        ),
    ),
    Page(
        "panel-reports",
        "CSRD reports",
        "panel",
        ("panel-reports",),
        (("list", "ready, queued and failed reports"), ("not_in_plan", "a plan without CSRD reports")),
    ),
    Page(
        "panel-report",
        "One CSRD report",
        "panel",
        ("panel-report",),
        (("ready", "ready to download"), ("failed", "failed, with its error")),
    ),
    Page(
        "panel-annual-reports",
        "Annual reports on the due diligence system and the system's reviews (Article 12)",
        "panel",
        ("panel-annual-reports",),
        (
            ("populated", "a report of this year and a recorded review"),
            ("not_in_plan", "a plan without filing, with the upgrade link"),
        ),
    ),
    Page(
        "panel-annual-report",
        "One annual report",
        "panel",
        ("panel-annual-report",),
        (
            ("draft", "not published: the operator's texts and the figures from the records"),
            ("published", "published, with the public page's addresses"),
        ),
    ),
)

# URL names of the sign-in and panel URLconfs that are not pages of their own.
NOT_PAGES = {
    "set_language": "the language switch's POST target: it redirects back to the page",
    "panel-annual-report-pdf": "a download: the PDF, or back to the report while it is rendered",
}


def page(name: str) -> Page:
    return next(p for p in PAGES if p.name == name)


def expected_pictures(script: str | None = None) -> list[str]:
    return [name for p in PAGES if script in (None, p.script) for name in p.pictures()]


def index_markdown() -> str:
    """docs/screenshots.md: every page and state, in Polish and English."""
    lines = [
        "# Screenshots",
        "",
        "Every page a person sees, in each state worth seeing, in Polish and English.",
        "`make screenshots` writes the pictures in `docs/img/` and this index, from a fresh",
        "temporary database seeded with `manage.py seed_demo` (the page list:",
        "`scripts/screenshot_pages.py`). A page with one language only says why.",
        "",
    ]
    for section, script in (
        ("Public pages and the widget", "public"),
        ("Sign-in pages and the panel", "panel"),
    ):
        lines += [f"## {section}", "", "| Page | State | Polski | English |", "|---|---|---|---|"]
        for p in PAGES:
            if p.script != script:
                continue
            for number, (state, what) in enumerate(p.states):
                title = f"{p.title}" if number == 0 else ""
                if p.note and number == 0:
                    title += f" ({p.note})"
                cells = [
                    f"[{lang}](img/{picture(p.name, state, lang)})" if lang in p.langs else "—"
                    for lang in LANGS
                ]
                lines.append(f"| {title} | `{state}`: {what} | {cells[0]} | {cells[1]} |")
        lines.append("")
    return "\n".join(lines)


def shrink(path: Path) -> None:
    """The picture in 256 colours without dithering: a third of the size, the same to the eye
    (the pages are flat colours and text). Left as it is where Pillow is missing."""
    try:
        from PIL import Image  # a dependency of a dependency, used only for the pictures
    except ImportError:
        return
    with Image.open(path) as image:
        small = image.convert("RGB").quantize(
            colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
        )
    small.save(path, optimize=True)


def write_index() -> Path:
    INDEX.write_text(index_markdown(), encoding="utf-8")
    return INDEX


if __name__ == "__main__":
    print(write_index().relative_to(ROOT))
