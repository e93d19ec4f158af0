import pytest

pytestmark = pytest.mark.django_db


def test_certificate_page_shows_the_statement(client, make_statement):
    statement = make_statement(
        "COMPLIANT", operator_name="Zakłady Mięsne Łódź", eu_reference_number="25PLXXXXXXXXXX"
    )
    response = client.get(f"/cert/{statement.dds_id}")
    assert response.status_code == 200
    html = response.content.decode()
    assert statement.dds_id in html
    assert "Zakłady Mięsne Łódź" in html
    assert "badge-verified" in html and "Zweryfikowano" in html
    assert "25PLXXXXXXXXXX" in html


def test_certificate_page_has_print_styles(client, make_statement):
    statement = make_statement("COMPLIANT")
    html = client.get(f"/cert/{statement.dds_id}").content.decode()
    assert 'href="/static/css/site.css"' in html
    css = b"".join(client.get("/static/css/site.css").streaming_content).decode()
    assert "@media print" in css


@pytest.mark.parametrize(
    ("status", "badge"),
    [
        ("SUBMITTED", "badge-in_progress"),
        ("UNDER_REVIEW", "badge-in_progress"),
        ("AT_RISK", "badge-none"),
        ("WITHDRAWN", "badge-none"),
    ],
)
def test_certificate_badge_follows_status(client, make_statement, status, badge):
    statement = make_statement(status)
    assert badge in client.get(f"/cert/{statement.dds_id.lower()}").content.decode()


def test_unknown_statement_gets_a_proper_404_page(client):
    response = client.get("/cert/DDS-PL-2025-000000-NONE")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
    assert "DDS-PL-2025-000000-NONE" in response.content.decode()


def test_operator_name_is_escaped(client, make_statement):
    statement = make_statement("COMPLIANT", operator_name="<script>alert(1)</script>")
    html = client.get(f"/cert/{statement.dds_id}").content.decode()
    assert "<script>alert(1)" not in html
    assert "&lt;script&gt;" in html
