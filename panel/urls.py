"""The operators' web panel."""

from django.urls import path

from panel import (
    annual,
    dashboard,
    declarations,
    documents,
    eu_credentials,
    filings,
    keys,
    organisations,
    plans,
    suppliers,
    supply_chain,
    upstream,
    webhooks,
)

urlpatterns = [
    path("", dashboard.home, name="home"),
    path("panel/", dashboard.dashboard, name="panel-dashboard"),
    path("panel/plan/", plans.plan, name="panel-plan"),
    path("panel/keys/", keys.keys, name="panel-keys"),
    path("panel/keys/<uuid:key_id>/revoke/", keys.key_revoke, name="panel-key-revoke"),
    path("panel/webhooks/", webhooks.webhooks, name="panel-webhooks"),
    path("panel/webhooks/<str:webhook_id>/", webhooks.webhook_detail, name="panel-webhook"),
    path("panel/webhooks/<str:webhook_id>/toggle/", webhooks.webhook_toggle, name="panel-webhook-toggle"),
    path("panel/webhooks/<str:webhook_id>/test/", webhooks.webhook_test, name="panel-webhook-test"),
    path("panel/webhooks/<str:webhook_id>/delete/", webhooks.webhook_delete, name="panel-webhook-delete"),
    path(
        "panel/webhooks/<str:webhook_id>/deliveries/<str:delivery_id>/redeliver/",
        webhooks.delivery_redeliver,
        name="panel-delivery-redeliver",
    ),
    path("panel/statements/", documents.statements, name="panel-statements"),
    path("panel/statements/<str:dds_id>/", documents.statement_detail, name="panel-statement"),
    path("panel/declarations/new/", declarations.declaration_new, name="panel-declaration-new"),
    path("panel/organisations/", organisations.organisations, name="panel-organisations"),
    path("panel/supply-chain/", supply_chain.supply_chain, name="panel-supply-chain"),
    path("panel/suppliers/", suppliers.suppliers, name="panel-suppliers"),
    path("panel/suppliers/filings/<str:filing_id>/", filings.filing_detail, name="panel-filing"),
    path("panel/upstream/", upstream.upstream, name="panel-upstream"),
    path("panel/eu-credentials/", eu_credentials.eu_credentials, name="panel-eu-credentials"),
    path("panel/annual-reports/", annual.annual_reports, name="panel-annual-reports"),
    path("panel/annual-reports/<int:year>/", annual.annual_report_detail, name="panel-annual-report"),
    path("panel/annual-reports/<int:year>/pdf/", annual.annual_report_pdf, name="panel-annual-report-pdf"),
    path("panel/reports/", documents.reports, name="panel-reports"),
    path("panel/reports/<uuid:report_id>/", documents.report_detail, name="panel-report"),
]
