"""The delivery log keeps no receiver bodies and no socket or TLS error text: only categories."""

from django.db import migrations
from django.db.models import Q


def _category(error: str) -> str:
    if not error:
        return ""
    if error.startswith("HTTP "):
        code = error[5:8]
        return f"http_{code[0]}xx" if code.isdigit() else "connection_failed"
    if error.startswith("timed out"):
        return "timeout"
    if error.startswith("TLS error"):
        return "tls_error"
    if error.startswith("refused:"):
        return "destination_refused"
    if error.startswith("internal error"):
        return "internal_error"
    if error.startswith("endpoint disabled"):
        return "endpoint_disabled"
    return "connection_failed"


def to_categories(apps, schema_editor) -> None:
    for name, field in (("DeliveryAttempt", "error"), ("Delivery", "last_error")):
        model = apps.get_model("webhooks", name)
        rows = model.objects.exclude(**{field: ""}).exclude(Q(**{f"{field}__startswith": "http_"}))
        for pk, error in rows.values_list("pk", field).iterator():
            model.objects.filter(pk=pk).update(**{field: _category(error)})


class Migration(migrations.Migration):
    dependencies = [
        ("webhooks", "0002_encrypt_secrets"),
    ]

    operations = [
        migrations.RunPython(to_categories, migrations.RunPython.noop),
        migrations.RemoveField(
            model_name="deliveryattempt",
            name="response_body",
        ),
    ]
