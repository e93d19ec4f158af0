"""The widget in headless Chromium, embedded in a page of another origin than the API."""

from __future__ import annotations

import io
import json

import pytest
from django.conf import settings
from django.core.management import call_command

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, serialized_rollback=True)]

FINAL = "['verified', 'in_progress', 'none'].includes(e.dataset.eudrState)"
TEXTS = {
    "pl": {"verified": "Zweryfikowano", "in_progress": "Weryfikacja w toku", "none": "Brak weryfikacji"},
    "en": {"verified": "Verified", "in_progress": "Verification in progress", "none": "No verification"},
}
LINK_TEXT = {"pl": "Status oświadczenia", "en": "Statement status"}


def host_page(elements: str, script: str, head: str = "") -> str:
    return (
        f'<!doctype html><html><head><meta charset="utf-8">{head}</head>'
        f"<body><h1>Shop</h1>{elements}{script}</body></html>"
    )


def wait_rendered(page, selector: str = "[data-eudr-dds]") -> None:
    page.wait_for_function(
        f"() => [...document.querySelectorAll({json.dumps(selector)})].every(e => {FINAL})", timeout=15_000
    )


def widget_of(page, element_id: str) -> dict:
    """What a visitor sees in one widget: state, texts, link, field rows."""
    return page.evaluate(
        """(id) => {
          const host = document.getElementById(id);
          const root = host.shadowRoot;
          const box = root.querySelector('.w');
          const link = root.querySelector('a');
          return {
            state: host.dataset.eudrState,
            status: root.querySelector('[role=status]').textContent,
            label: box.getAttribute('aria-label'),
            role: box.getAttribute('role'),
            iconHidden: root.querySelector('.i').getAttribute('aria-hidden'),
            text: box.textContent,
            link: link && link.href,
            linkText: link && link.textContent,
            rows: Object.fromEntries([...root.querySelectorAll('dt')].map(
              dt => [dt.textContent, dt.nextElementSibling.textContent])),
            images: root.querySelectorAll('img').length,
          };
        }""",
        element_id,
    )


@pytest.fixture
def statements(make_statement):
    return {
        "verified": make_statement(
            "COMPLIANT", operator_name="Gospodarstwo Rolne Łąka", commodity="soja", risk_level="low"
        ),
        "in_progress": make_statement("UNDER_REVIEW", operator_name="Agro-Łęczyca", commodity="drewno"),
        "none": make_statement("AT_RISK", operator_name="Café Import", country_of_production="BR"),
    }


@pytest.mark.parametrize(
    "options", [(style, lang) for style in ("badge", "card", "full") for lang in ("pl", "en")], ids=str
)
def test_each_state_and_style_renders_with_text_and_link(
    open_page, host_site, live_server, statements, options
):
    style, lang = options
    page = open_page()
    unknown = "DDS-PL-2025-999999-NONE"
    elements = (
        "".join(
            f'<div id="{state}" data-eudr-dds="{statement.dds_id}"></div>'
            for state, statement in statements.items()
        )
        + f'<div id="unknown" data-eudr-dds="{unknown}"></div>'
    )
    script = f'<script async src="{live_server.url}/api/widget?lang={lang}&style={style}"></script>'
    page.goto(host_site.page(f"states-{style}-{lang}.html", host_page(elements, script)))
    wait_rendered(page)

    for state, statement in statements.items():
        seen = widget_of(page, state)
        assert seen["state"] == state
        assert seen["status"] == TEXTS[lang][state]
        assert seen["role"] == "group" and statement.dds_id in seen["label"]
        assert TEXTS[lang][state] in seen["label"]
        assert seen["iconHidden"] == "true"  # the text carries the state, not the colour
        assert seen["link"] == f"{statement.cert_url()}?lang={lang}"
        if style == "badge":
            assert seen["rows"] == {}
            assert seen["linkText"] == LINK_TEXT[lang]
        elif style == "card":
            # "Valid until" only on the green badge: nothing else reads as valid. The
            # first row names the kind of document.
            assert len(seen["rows"]) == (5 if state == "verified" else 4)
            assert next(iter(seen["rows"].values())) == DOCUMENT[lang]
            assert statement.operator_name in seen["rows"].values()
            assert statement.commodity in seen["rows"].values()
            assert statement.country_of_production in seen["rows"].values()
        else:
            values = " ".join(seen["rows"].values())
            # Every field of the record, the kind of document among them; "verified at" and
            # "valid until" only on the green badge.
            assert len(seen["rows"]) == (10 if state == "verified" else 8)
            assert DOCUMENT[lang] in seen["rows"].values()
            for field in ("dds_id", "status", "operator_name", "commodity", "cert_url"):
                assert str(statement.verification_record()[field]) in values

    seen = widget_of(page, "unknown")
    assert seen["state"] == "none"
    assert seen["status"] == TEXTS[lang]["none"]
    assert seen["link"] == f"{live_server.url}/cert/{unknown}?lang={lang}"


# The statements here are due diligence statements (widget/assets/eudr-widget.js, `k`).
DOCUMENT = {"pl": "oświadczenie o należytej staranności", "en": "due diligence statement"}

UNCONFIRMED = {
    "pl": "Tożsamość operatora nie została potwierdzona",
    "en": "The operator's identity is not confirmed",
}
DATE_ROWS = {"pl": ("Zweryfikowano", "Ważny do"), "en": ("Verified at", "Valid until")}
EXPIRED_ROW = {"pl": "Wygasło", "en": "Expired on"}


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_compliant_statement_of_an_unconfirmed_operator_is_never_green_and_says_why(
    open_page, host_site, live_server, make_statement, lang
):
    statement = make_statement("COMPLIANT", verified_operator=False, risk_level="low")
    confirmed = make_statement("COMPLIANT", risk_level="low")
    page = open_page()
    elements = (
        "".join(
            f'<div id="w-{style}" data-eudr-dds="{statement.dds_id}" data-style="{style}"></div>'
            for style in ("badge", "card", "full")
        )
        + f'<div id="ok" data-eudr-dds="{confirmed.dds_id}" data-style="full"></div>'
    )
    script = f'<script async src="{live_server.url}/api/widget?style=full&lang={lang}"></script>'
    page.goto(host_site.page(f"unconfirmed-{lang}.html", host_page(elements, script)))
    wait_rendered(page)
    for style in ("badge", "card", "full"):
        seen = widget_of(page, f"w-{style}")
        assert seen["state"] == "in_progress"
        assert seen["status"] == TEXTS[lang]["in_progress"]
        assert UNCONFIRMED[lang] in seen["label"]  # said to screen readers in every style
        if style != "badge":
            assert UNCONFIRMED[lang] in seen["text"]  # and shown in words beside the rows
            assert not set(DATE_ROWS[lang]) & set(seen["rows"])
    seen = widget_of(page, "ok")
    assert seen["state"] == "verified" and UNCONFIRMED[lang] not in seen["text"]
    assert set(DATE_ROWS[lang]) <= set(seen["rows"])


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_no_status_but_a_current_compliant_one_reads_verified_or_valid(
    open_page, host_site, live_server, make_statement, lang
):
    """Statements that were COMPLIANT and moved on, and one whose result expired: no
    "verified at" row, no "valid until" row; EXPIRED says when it expired."""
    from datetime import timedelta

    from django.utils import timezone

    from tests.compliance.test_public_validity import once_compliant

    lapsed = timezone.now() - timedelta(days=3)
    statements = {
        status: once_compliant(make_statement, status) for status in ("AT_RISK", "UNDER_REVIEW", "WITHDRAWN")
    }
    statements["EXPIRED"] = make_statement("COMPLIANT", valid_until=lapsed)
    page = open_page()
    elements = "".join(
        f'<div id="{status}-{style}" data-eudr-dds="{statement.dds_id}" data-style="{style}"></div>'
        for status, statement in statements.items()
        for style in ("card", "full")
    )
    script = f'<script async src="{live_server.url}/api/widget?lang={lang}"></script>'
    page.goto(host_site.page(f"moved-on-{lang}.html", host_page(elements, script)))
    wait_rendered(page)
    verified_row, valid_row = DATE_ROWS[lang]
    for status in statements:
        for style in ("card", "full"):
            seen = widget_of(page, f"{status}-{style}")
            assert seen["state"] == ("in_progress" if status == "UNDER_REVIEW" else "none")
            assert verified_row not in seen["rows"] and valid_row not in seen["rows"]
            assert TEXTS[lang]["verified"] not in seen["text"]
            if status == "EXPIRED":
                assert seen["rows"][EXPIRED_ROW[lang]] == f"{lapsed:%Y-%m-%d}"
            else:
                assert EXPIRED_ROW[lang] not in seen["rows"]
            if style == "full":
                assert f"({status})" in seen["rows"]["Status"]


def test_hostile_operator_name_stays_text(open_page, host_site, live_server, make_statement):
    hostile = '<img src=x onerror="window.__pwned=1;alert(1)">'
    statement = make_statement("COMPLIANT", operator_name=hostile)
    page = open_page()
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    elements = f'<div id="w" data-eudr-dds="{statement.dds_id}"></div>'
    script = f'<script async src="{live_server.url}/api/widget?style=card"></script>'
    page.goto(host_site.page("hostile.html", host_page(elements, script)))
    wait_rendered(page)

    seen = widget_of(page, "w")
    assert seen["rows"]["Operator"] == hostile
    assert seen["images"] == 0
    assert page.evaluate("window.__pwned") is None
    assert dialogs == []


def test_five_elements_with_two_ids_make_two_requests(open_page, host_site, live_server, statements):
    page = open_page()
    first, second = statements["verified"].dds_id, statements["in_progress"].dds_id
    # Identifiers match case-insensitively, so a lower-case copy is the same statement.
    ids = [first, second, first, second.lower(), first]
    elements = "".join(f'<div data-eudr-dds="{dds_id}"></div>' for dds_id in ids)
    requests = []
    page.on("request", lambda r: "/api/v1/verify/" in r.url and requests.append(r.url))
    script = f'<script defer src="{live_server.url}/api/widget"></script>'
    page.goto(host_site.page("five.html", host_page(elements, script)))
    wait_rendered(page)

    assert sorted(requests) == sorted(f"{live_server.url}/api/v1/verify/{i}" for i in (first, second))
    states = page.evaluate("[...document.querySelectorAll('[data-eudr-dds]')].map(e => e.dataset.eudrState)")
    assert states == ["verified", "in_progress", "verified", "in_progress", "verified"]


def test_failed_request_shows_the_red_state(open_page, host_site, live_server, statements):
    page = open_page()
    aborted, erroring = statements["verified"].dds_id, statements["in_progress"].dds_id
    page.route(f"**/api/v1/verify/{aborted}", lambda route: route.abort())
    page.route(
        f"**/api/v1/verify/{erroring}",
        lambda route: route.fulfill(status=503, headers={"Access-Control-Allow-Origin": "*"}, body="{}"),
    )
    elements = f'<div id="a" data-eudr-dds="{aborted}"></div><div id="b" data-eudr-dds="{erroring}"></div>'
    script = f'<script async src="{live_server.url}/api/widget?lang=en&style=card"></script>'
    page.goto(host_site.page("failed.html", host_page(elements, script)))
    wait_rendered(page)

    for element_id, dds_id in (("a", aborted), ("b", erroring)):
        seen = widget_of(page, element_id)
        assert seen["state"] == "none"
        assert seen["status"] == "No verification"
        assert "could not be checked" in seen["text"]
        assert seen["link"] == f"{live_server.url}/cert/{dds_id}?lang=en"


def test_element_added_after_load_renders_after_render_call(open_page, host_site, live_server, statements):
    page = open_page()
    dds_id = statements["verified"].dds_id
    script = f'<script async src="{live_server.url}/api/widget?lang=en"></script>'
    page.goto(host_site.page("late.html", host_page('<div id="first"></div>', script)))
    page.wait_for_function("() => window.EUDRWidget && typeof EUDRWidget.render === 'function'")
    page.evaluate(
        """(id) => {
          const el = document.createElement('div');
          el.id = 'late';
          el.dataset.eudrDds = id;
          document.body.appendChild(el);
        }""",
        dds_id,
    )
    assert page.evaluate("document.getElementById('late').shadowRoot") is None
    page.evaluate("EUDRWidget.render()")
    wait_rendered(page)
    assert widget_of(page, "late")["status"] == "Verified"


AGGRESSIVE_CSS = """<style>
  html { font-size: 40px !important; }
  * { color: magenta !important; background: yellow !important; font: italic 30px/3 serif !important;
      text-transform: uppercase !important; letter-spacing: 6px !important; border: 4px dashed red !important;
      padding: 10px !important; margin: 7px !important; box-sizing: content-box !important; }
  div { display: block !important; width: 900px !important; text-align: right !important; }
  div[data-eudr-dds] { opacity: .2 !important; transform: rotate(3deg) !important;
                       filter: blur(1px) !important; }
  a { display: none !important; } span { visibility: hidden !important; } :root { --c: lime; }
</style>"""

MEASURE = """(id) => {
  const root = document.getElementById(id).shadowRoot;
  const pick = (el, props) => {
    const s = getComputedStyle(el);
    return Object.fromEntries(props.map(p => [p, s.getPropertyValue(p)]));
  };
  const props = ['color', 'background-color', 'font-size', 'font-family', 'font-style', 'line-height',
                 'text-transform', 'letter-spacing', 'border-top-style', 'padding-top', 'display',
                 'visibility', 'text-align'];
  const box = root.querySelector('.w');
  const host = document.getElementById(id);
  const r = box.getBoundingClientRect();
  return {
    box: pick(box, props), status: pick(root.querySelector('.s'), props),
    link: pick(root.querySelector('a'), props), icon: pick(root.querySelector('.i'), props),
    host: pick(host, ['opacity', 'transform', 'filter', 'border-top-style', 'padding-top', 'display']),
    size: [Math.round(r.width), Math.round(r.height)],
  };
}"""


def test_host_page_aggressive_css_does_not_change_the_badge(open_page, host_site, live_server, statements):
    page = open_page()
    dds_id = statements["verified"].dds_id
    elements = f'<div id="w" data-eudr-dds="{dds_id}"></div><p><a id="own" href="#">own link</a></p>'
    script = f'<script async src="{live_server.url}/api/widget"></script>'
    page.goto(host_site.page("plain.html", host_page(elements, script)))
    wait_rendered(page)
    plain = page.evaluate(MEASURE, "w")
    # The widget's own CSS stays inside its shadow root: the host's link is untouched.
    assert page.evaluate("getComputedStyle(document.getElementById('own')).color") == "rgb(0, 0, 238)"

    page.goto(host_site.page("aggressive.html", host_page(elements, script, head=AGGRESSIVE_CSS)))
    wait_rendered(page)
    aggressive = page.evaluate(MEASURE, "w")

    assert aggressive == plain
    assert plain["link"]["display"] != "none" and plain["status"]["visibility"] == "visible"
    assert plain["box"]["color"] == "rgb(29, 31, 33)" and plain["box"]["font-size"] == "13px"


def test_self_hosted_widget_js_reads_data_attributes(open_page, host_site, live_server, client, statements):
    page = open_page()
    # A copy of /widget.js on the shop's own server; data-api names the API.
    host_site.page("eudr-widget.js", client.get("/widget.js").content.decode())
    elements = f'<div id="w" data-eudr-dds="{statements["in_progress"].dds_id}"></div>'
    script = (
        f'<script defer src="{host_site.url}/eudr-widget.js" data-api="{live_server.url}" '
        'data-lang="en" data-style="card"></script>'
    )
    page.goto(host_site.page("self-hosted.html", host_page(elements, script)))
    wait_rendered(page)
    seen = widget_of(page, "w")
    assert seen["status"] == "Verification in progress"
    assert "Commodity" in seen["rows"]


def test_widget_js_reads_options_from_its_src(open_page, host_site, live_server, statements):
    page = open_page()
    statement = statements["none"]
    elements = f'<div id="w" data-eudr-dds="{statement.dds_id}"></div>'
    script = f'<script async src="{live_server.url}/widget.js?lang=en&style=full"></script>'
    page.goto(host_site.page("src-options.html", host_page(elements, script)))
    wait_rendered(page)
    seen = widget_of(page, "w")
    assert seen["status"] == "No verification"
    assert seen["rows"]["Status"] == "at risk (AT_RISK)"
    assert seen["link"] == f"{settings.PUBLIC_BASE_URL}/cert/{statement.dds_id}?lang=en"


def test_demo_page_renders_every_style_and_state(open_page, live_server):
    call_command("seed_demo", stdout=io.StringIO())
    page = open_page()
    requests = []
    page.on("request", lambda r: "/api/v1/verify/" in r.url and requests.append(r.url))
    page.goto(f"{live_server.url}/widget/demo")
    wait_rendered(page)
    states = page.evaluate(
        "Object.fromEntries([...document.querySelectorAll('[data-eudr-dds]')]"
        ".map(e => [e.id, e.dataset.eudrState]))"
    )
    assert len(states) == 3 * 8 * 2
    for style in ("badge", "card", "full"):
        for lang in ("pl", "en"):
            assert states[f"w-{style}-DDS-PL-2025-000001-DEMO-{lang}"] == "verified"
            assert states[f"w-{style}-DDS-PL-2025-000002-DEMO-{lang}"] == "in_progress"
            assert states[f"w-{style}-DDS-BR-2025-000004-DEMO-{lang}"] == "none"
            assert states[f"w-{style}-DDS-PL-2024-000007-DEMO-{lang}"] == "none"  # expired
    assert len(requests) == 8  # one per distinct statement, not per element


REPRESENTATIVE_ROWS = {
    "pl": ("Złożył", "Pełnomocnictwo", "potwierdzony przez nasz zespół", "potwierdzenie linkiem e-mail"),
    "en": ("Filed by", "Mandate", "confirmed by our staff", "confirmation by e-mail link"),
}
REPRESENTATIVE_UNCONFIRMED = {
    "pl": "Pełnomocnik, który złożył deklarację, nie został potwierdzony",
    "en": "The representative that filed it is not confirmed",
}


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_a_representatives_declaration_says_who_filed_it_and_on_what_mandate(
    open_page, host_site, live_server, make_statement, lang
):
    from django.utils import timezone

    from accounts.models import Organisation
    from compliance.models import DueDiligenceStatement

    statements = {}
    for name, confirmed in (("ok", True), ("held", False)):
        statement = make_statement("COMPLIANT", verified_operator=False, risk_level="low")
        Organisation.objects.create(
            name=f"Skup {name}",
            nip=f"52602502{7 if confirmed else 8}4",
            country="PL",
            address="ul. Polna 1, 05-300 Mińsk",
            account=statement.owner,
            verified_at=timezone.now(),
            representative_confirmed_at=timezone.now() if confirmed else None,
        )
        DueDiligenceStatement.objects.filter(pk=statement.pk).update(
            operator_role="authorised_representative",
            mandate_basis="email_confirmation",
            mandate_confirmed_at=timezone.now(),
        )
        statements[name] = statement
    page = open_page()
    elements = "".join(
        f'<div id="{name}" data-eudr-dds="{statement.dds_id}" data-style="card"></div>'
        for name, statement in statements.items()
    )
    script = f'<script async src="{live_server.url}/api/widget?lang={lang}"></script>'
    page.goto(host_site.page(f"representative-{lang}.html", host_page(elements, script)))
    wait_rendered(page)
    filed_by, mandate, confirmed_words, email_words = REPRESENTATIVE_ROWS[lang]
    seen = widget_of(page, "ok")
    assert seen["state"] == "verified"
    assert "Skup ok" in seen["rows"][filed_by] and confirmed_words in seen["rows"][filed_by]
    assert email_words in seen["rows"][mandate]
    seen = widget_of(page, "held")
    assert seen["state"] == "in_progress"
    held = REPRESENTATIVE_UNCONFIRMED[lang]
    assert held in seen["text"] and held in seen["label"]
