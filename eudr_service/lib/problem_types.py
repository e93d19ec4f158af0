"""What each problem `code` means and what the caller should do, in English and Polish.

Every problem+json answer has `type: <PUBLIC_BASE_URL>/problems/<code>`; that address
serves the entry below as a page (`eudr_service.views.problem_page`). A code an API
answer uses but this table lacks is a defect: with `PROBLEM_TYPES_STRICT` on (the
test suite turns it on) building such an answer raises, so the suite catches it.

The texts are gettext messages (English msgids, Polish in locale/pl); a page asks for
them in its own language, whatever language is active.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import override


def _in(lang: str, text: Promise) -> str:
    with override(lang):
        return str(text)


@dataclass(frozen=True)
class ProblemType:
    code: str
    status: int
    title_text: Promise
    meaning_text: Promise
    action_text: Promise

    def title(self, lang: str) -> str:
        return _in(lang, self.title_text)

    def meaning(self, lang: str) -> str:
        return _in(lang, self.meaning_text)

    def action(self, lang: str) -> str:
        return _in(lang, self.action_text)

    @property
    def title_en(self) -> str:
        return self.title("en")

    @property
    def title_pl(self) -> str:
        return self.title("pl")

    @property
    def meaning_en(self) -> str:
        return self.meaning("en")

    @property
    def meaning_pl(self) -> str:
        return self.meaning("pl")

    @property
    def action_en(self) -> str:
        return self.action("en")

    @property
    def action_pl(self) -> str:
        return self.action("pl")


_RETRY = _("Retry after the number of seconds in the Retry-After header.")

_ROWS: tuple[ProblemType, ...] = (
    ProblemType(
        "invalid_request",
        400,
        _("Invalid request"),
        _(
            "One or more fields are missing or invalid. `errors` lists each one with its path in the body "
            "(for example `parcels[3].lat`), a code and a message."
        ),
        _("Correct every listed field and send the request again. Nothing was changed."),
    ),
    ProblemType(
        "unknown_query_parameter",
        400,
        _("Unknown query parameter"),
        _(
            "The list does not take a query parameter the request sent; `errors` names each one and "
            "`detail` lists the parameters the list takes (the page size is `page_size` or `limit`)."
        ),
        _("Remove or rename the named parameters and send the request again."),
    ),
    ProblemType(
        "malformed_body",
        400,
        _("Malformed body"),
        _("The body is not valid JSON."),
        _("Send a JSON document with Content-Type: application/json."),
    ),
    ProblemType(
        "invalid_content_length",
        400,
        _("Invalid Content-Length"),
        _("The Content-Length header is not a number."),
        _("Let your HTTP client set Content-Length."),
    ),
    ProblemType(
        "invalid_idempotency_key",
        400,
        _("Invalid Idempotency-Key"),
        _("The Idempotency-Key header is longer than 255 characters."),
        _("Use a shorter key, for example your order number or a UUID."),
    ),
    ProblemType(
        "too_many_parcels",
        400,
        _("Too many parcels"),
        _("A synchronous batch holds at most 500 locations."),
        _("Split the batch into requests of at most 500 items."),
    ),
    ProblemType(
        "grouped_declaration_not_usable",
        400,
        _("A referenced statement cannot be grouped"),
        _(
            "`grouped_declarations` names an EU reference number that is not one of your statements, is the "
            "statement itself, or is not AVAILABLE or ARCHIVED at the EU (OPS 10.3); `field` says which."
        ),
        _("Reference only your own statements the EU has made AVAILABLE. Nothing was changed."),
    ),
    ProblemType(
        "eu_limit_exceeded",
        400,
        _("Over a limit of the EU Information System"),
        _(
            "The statement is larger than the EU Information System accepts (commodities, producers, "
            "referenced statements or geolocation size); `limit`, `maximum`, `measured` and `source` say "
            "which limit, by how much, and where the EU documents it."
        ),
        _("Split the goods into several statements. Nothing was changed."),
    ),
    ProblemType(
        "budget_exceeded",
        400,
        _("Over the work budget of one request"),
        _(
            "The request asks for more work than one request may (plots, coordinate positions or distinct "
            "parcels); `limit`, `maximum` and `requested` say which limit and by how much."
        ),
        _(
            "Split the work into several requests, or use the asynchronous jobs endpoint for large sets of "
            "plots."
        ),
    ),
    ProblemType(
        "json_too_deep",
        400,
        _("JSON nested too deeply"),
        _("The body nests arrays and objects deeper than the documented maximum (`limit`)."),
        _("Send a flatter document; no field of this API needs deep nesting."),
    ),
    ProblemType(
        "deadline_exceeded",
        503,
        _("Request took too long"),
        _(
            "The request was not answered within the server's deadline (`limit` seconds); "
            "its open transaction was rolled back."
        ),
        _("Retry after the number of seconds in the Retry-After header. Send large work as a job."),
    ),
    ProblemType(
        "csv_field_too_large",
        413,
        _("CSV field too large"),
        _("A field of the uploaded CSV file is longer than the documented maximum (`limit` characters)."),
        _("Send large geometries as a GeoJSON file or a JSON body instead of a CSV cell."),
    ),
    ProblemType(
        "invalid_geometry",
        400,
        _("Geometry refused"),
        _(
            "At least one plot's geometry breaks the GeoJSON rules; `errors` lists each plot with its index "
            "and diagnostic codes, and a repaired geometry where one is safe to offer."
        ),
        _("Fix the geometry, or send back the repaired geometry offered; nothing was scored."),
    ),
    ProblemType(
        "no_plots",
        400,
        _("No plot in the body"),
        _("The body holds no plot to score."),
        _("Send at least one plot: a point, a GeoJSON geometry or a Feature."),
    ),
    ProblemType(
        "use_batch",
        400,
        _("Several plots sent to the single endpoint"),
        _("This endpoint scores one plot."),
        _("Send several plots to /api/eudr/v1/risk-score/batch (up to 500) or /api/eudr/v1/risk-score/jobs."),
    ),
    ProblemType(
        "invalid_body",
        400,
        _("Invalid job body"),
        _("A job takes a JSON object, or a GeoJSON or CSV file uploaded as `file`."),
        _("Send one of those forms."),
    ),
    ProblemType(
        "invalid_upload",
        400,
        _("Invalid upload"),
        _("The uploaded file cannot be read (it must be UTF-8 GeoJSON or CSV)."),
        _("Save the file as UTF-8 and upload it again."),
    ),
    ProblemType(
        "url_invalid",
        400,
        _("Invalid webhook URL"),
        _("The webhook URL cannot be parsed."),
        _("Send an absolute https:// URL."),
    ),
    ProblemType(
        "url_control_characters",
        400,
        _("Control characters in the webhook URL"),
        _(
            "The webhook URL contains control characters or white space (such as CR or LF), "
            "which no URL may contain."
        ),
        _("Send the URL alone, without line breaks, tabs or spaces; encode a space in a path as %20."),
    ),
    ProblemType(
        "url_too_long",
        400,
        _("Webhook URL too long"),
        _("The webhook URL is longer than 2048 characters."),
        _("Use a shorter URL."),
    ),
    ProblemType(
        "url_scheme_not_allowed",
        400,
        _("Webhook URL must be https"),
        _("Webhooks are delivered over https only."),
        _("Serve your receiver over https that a standard TLS client trusts."),
    ),
    ProblemType(
        "url_credentials_not_allowed",
        400,
        _("No credentials in webhook URLs"),
        _("The webhook URL contains a user name or password."),
        _("Remove them; verify our signature (webhook-signature) instead."),
    ),
    ProblemType(
        "url_port_not_allowed",
        400,
        _("Webhook port not allowed"),
        _("Webhooks are delivered only to the ports listed in the documentation (443 and 8443 by default)."),
        _("Serve your receiver on port 443 (or 8443)."),
    ),
    ProblemType(
        "url_unresolvable",
        400,
        _("Webhook host not found"),
        _("The host name of the webhook URL does not resolve."),
        _("Check the host name and its DNS records."),
    ),
    ProblemType(
        "url_address_not_allowed",
        400,
        _("Webhook address not allowed"),
        _(
            "The webhook URL points to an address or port we do not deliver to (private, loopback, "
            "link-local or other non-public addresses)."
        ),
        _("Use a receiver reachable on a public address."),
    ),
    ProblemType(
        "unauthorized",
        401,
        _("API key required"),
        _("The request has no valid API key: it is missing, unknown, revoked or expired."),
        _("Send `Authorization: Bearer <key>` or `X-API-Key: <key>` with a key from the panel."),
    ),
    ProblemType(
        "forbidden",
        403,
        _("Forbidden"),
        _("The request is authenticated but not allowed."),
        _("Check that you use the right account and key."),
    ),
    ProblemType(
        "plan_required",
        403,
        _("Not in your plan"),
        _(
            "Your plan does not include this feature; `plans` names the plans that do, "
            "`upgrade_url` the panel's plan page."
        ),
        _("Request another plan at `upgrade_url` (the panel's plan page)."),
    ),
    ProblemType(
        "webhook_mode_mismatch",
        409,
        _("Event of the other mode"),
        _(
            "The delivery pairs a test event with a live webhook, or a live event with a test webhook "
            "(recorded before webhooks had a mode); it is not sent again."
        ),
        _("Nothing to do: events now go only to webhooks of their own mode."),
    ),
    ProblemType(
        "live_key_required",
        403,
        _("Live key required"),
        _(
            "A test key (`eudr_test_`) cannot read or change an account-wide live setting (EU Information "
            "System credentials, the organisation's roles, upstream references checked with the EU). Test "
            "keys work only with test objects."
        ),
        _("Make the call with a live key (`eudr_live_`) or in the panel."),
    ),
    ProblemType(
        "not_found",
        404,
        _("Not found"),
        _("Nothing exists at this address, or it belongs to another account."),
        _("Check the path and the identifier."),
    ),
    ProblemType(
        "dds_not_found",
        404,
        _("Statement not found"),
        _("No due diligence statement with this identifier is public, or in your account."),
        _("Check the identifier; it is not case-sensitive."),
    ),
    ProblemType(
        "evidence_not_found",
        404,
        _("Evidence record not found"),
        _(
            "No evidence record with this identifier in your account, or none public; or no verdict "
            "on the statement yet."
        ),
        _(
            "A record is written when screening or staff decide a statement's status; test records are "
            "never public."
        ),
    ),
    ProblemType(
        "evidence_key_not_found",
        404,
        _("Signing key not found"),
        _("No key that signed evidence records has this key id."),
        _("The key ids are listed in /.well-known/jwks.json."),
    ),
    ProblemType(
        "report_not_found",
        404,
        _("Report not found"),
        _("No CSRD report with this id in your account."),
        _("Use the Location returned when the report was requested."),
    ),
    ProblemType(
        "parcel_not_found",
        404,
        _("Parcel not found"),
        _("The national parcel register (GUGiK ULDK) has no parcel with this identifier."),
        _("Check the identifier (TERYT, precinct and parcel number) in the land register."),
    ),
    ProblemType(
        "method_not_allowed",
        405,
        _("Method not allowed"),
        _("This address does not accept this HTTP method; the Allow header lists those it does."),
        _("Use one of the methods in Allow."),
    ),
    ProblemType(
        "not_acceptable",
        406,
        _("Not acceptable"),
        _("We cannot answer in any format the Accept header allows."),
        _("Accept application/json (or application/pdf where documented)."),
    ),
    ProblemType(
        "too_many_webhooks",
        409,
        _("Webhook limit reached"),
        _("The account already has the maximum number of webhooks."),
        _("Delete a webhook you no longer use, or subscribe one webhook to more events."),
    ),
    ProblemType(
        "webhook_disabled",
        409,
        _("Webhook disabled"),
        _("The webhook is disabled, so nothing is sent to it."),
        _("Enable it (PATCH enabled=true) once the receiver works again."),
    ),
    ProblemType(
        "report_not_ready",
        409,
        _("Report not ready"),
        _("The CSRD report is still being rendered."),
        _RETRY,
    ),
    ProblemType(
        "report_failed",
        409,
        _("Report failed"),
        _("Rendering the CSRD report failed; `detail` says why."),
        _("Request the report again; if it fails again, contact support with the report id."),
    ),
    ProblemType(
        "pdf_failed",
        409,
        _("PDF could not be rendered"),
        _(
            "Rendering the statement's PDF failed or went over a limit (`limit` names it); the statement "
            "itself is filed and unchanged."
        ),
        _("Use the JSON record (Accept: application/json); contact support if an ordinary statement fails."),
    ),
    ProblemType(
        "job_not_finished",
        409,
        _("Job not finished"),
        _("The job's results are offered once it is done."),
        _("Poll the job (GET .../jobs/{id}) until its status is done, or wait for risk.job_completed."),
    ),
    ProblemType(
        "report_expired",
        410,
        _("Report removed"),
        _("The PDF was removed after the retention period."),
        _("Request the report again."),
    ),
    ProblemType(
        "payload_too_large",
        413,
        _("Body too large"),
        _("The request body is larger than the documented limit."),
        _("Send less per request, or use the asynchronous endpoint where one exists."),
    ),
    ProblemType(
        "unsupported_document",
        400,
        _("Unsupported document"),
        _("The uploaded authorisation is not a PDF, JPEG or PNG file (judged by its content)."),
        _("Scan or save the signed authorisation as PDF, JPEG or PNG and upload it again."),
    ),
    ProblemType(
        "document_too_large",
        400,
        _("Document too large"),
        _("The uploaded authorisation is larger than 2 MB."),
        _("Scan it at a lower resolution or in black and white, then upload it again."),
    ),
    ProblemType(
        "empty_document",
        400,
        _("Empty document"),
        _("The uploaded file is empty."),
        _("Upload the signed authorisation itself."),
    ),
    ProblemType(
        "bulk_filing_running",
        409,
        _("A bulk filing is running"),
        _("The account already has a bulk filing in progress; two would file the same suppliers twice."),
        _("Wait until it is done (or cancel it), then start the next one."),
    ),
    ProblemType(
        "mandate_emails_exceeded",
        429,
        _("Mandate e-mails used up for today"),
        _(
            "The request would send more mandate e-mails than your account may send today (UTC); "
            "none was sent."
        ),
        _("Ask fewer suppliers now, or wait for midnight UTC (Retry-After)."),
    ),
    ProblemType(
        "mandate_scans_exceeded",
        429,
        _("Authorisation uploads used up for today"),
        _("Your account uploaded as many signed authorisations today (UTC) as it may, in number or size."),
        _("Upload the rest after midnight UTC (Retry-After), or scan at a lower resolution."),
    ),
    ProblemType(
        "roster_invalid",
        400,
        _("Roster refused"),
        _("Rows of the uploaded supplier roster are invalid; nothing of the file was imported."),
        _("Fix every row listed in errors (line and column) and upload the whole file again."),
    ),
    ProblemType(
        "unsupported_api_version",
        400,
        _("Unsupported API version"),
        _("The API-Version request header names a version this service does not serve."),
        _("Send API-Version: 1.1 (the latest) or 1.0, or leave the header out for 1.0."),
    ),
    ProblemType(
        "unsupported_media_type",
        415,
        _("Unsupported media type"),
        _("The body's Content-Type is not one this endpoint reads."),
        _("Send Content-Type: application/json."),
    ),
    ProblemType(
        "idempotency_key_reused",
        422,
        _("Idempotency-Key reused"),
        _("This Idempotency-Key was already used with a different request body."),
        _("Use a new key for a new request; resend the same body to get the first answer again."),
    ),
    ProblemType(
        "quota_exceeded",
        429,
        _("Daily quota used up"),
        _("Your account used its plan's requests for today (UTC); the count resets at midnight UTC."),
        _("Wait for the reset (X-RateLimit-Reset), or request a larger plan in the panel."),
    ),
    ProblemType(
        "rate_limited",
        429,
        _("Too many requests"),
        _("Too many requests in a short time (the per-minute limit, or a limited action)."),
        _RETRY,
    ),
    ProblemType(
        "internal_error",
        500,
        _("Internal error"),
        _("Something failed on our side. The X-Request-ID header identifies the request in our logs."),
        _("Retry later; if it persists, contact support with the X-Request-ID."),
    ),
    ProblemType(
        "service_unavailable",
        503,
        _("Briefly unavailable"),
        _("A service we depend on (database) is briefly unavailable."),
        _RETRY,
    ),
    ProblemType(
        "quota_unavailable",
        503,
        _("Request counting unavailable"),
        _("Request counting is briefly unavailable, and your plan is not served uncounted."),
        _RETRY,
    ),
    ProblemType(
        "parcel_service_unavailable",
        503,
        _("Parcel service unavailable"),
        _("The national parcel service (GUGiK ULDK) is unreachable and we hold no copy of the parcel."),
        _RETRY,
    ),
    ProblemType(
        "eu_credentials_not_found",
        404,
        _("EU credentials not found"),
        _("No EU Information System credentials are stored for this account."),
        _("Store them with PUT /api/eudr/v1/eu-is/credentials."),
    ),
    ProblemType(
        "sd_not_found",
        404,
        _("Simplified declaration not found"),
        _("No simplified declaration with this identifier in your account."),
        _("Check the identifier; it is not case-sensitive."),
    ),
    ProblemType(
        "dds_already_withdrawn",
        409,
        _("Already withdrawn"),
        _("This statement is already withdrawn."),
        _("Nothing to do."),
    ),
    ProblemType(
        "eu_submission_in_progress",
        409,
        _("Submission in progress"),
        _("The statement is being sent to the EU Information System right now."),
        _("Try again in a minute."),
    ),
    ProblemType(
        "eu_withdraw_not_allowed_for_status",
        409,
        _("Withdrawal not allowed"),
        _("The EU allows withdrawal only while the statement is SUBMITTED or AVAILABLE there."),
        _("See eu_is.status on the statement."),
    ),
    ProblemType(
        "eu_withdraw_window_closed",
        409,
        _("Withdrawal window closed"),
        _("The EU allows withdrawal within 72 hours of submission; that time has passed."),
        _("Contact the competent authority."),
    ),
    ProblemType(
        "eu_credentials_refused",
        422,
        _("EU credentials refused"),
        _(
            "The EU Information System refused the credentials when they were tried before storing (wrong "
            "username, authentication key or web service client id). Nothing was stored; credentials stored "
            "before are unchanged."
        ),
        _(
            "Copy the username and the authentication key from “Web Services Access” in your EU profile, "
            "check the client id and the environment, and send them again."
        ),
    ),
    ProblemType(
        "eu_credentials_missing",
        409,
        _("EU credentials missing"),
        _("This account has no EU credentials for the environment this service uses."),
        _("Store them with PUT /api/eudr/v1/eu-is/credentials."),
    ),
    ProblemType(
        "eu_withdraw_refused",
        409,
        _("Withdrawal refused by the EU"),
        _("The EU Information System refused the withdrawal; its codes are in the detail."),
        _("Check the EU's codes."),
    ),
    ProblemType(
        "eu_unavailable",
        409,
        _("EU Information System unavailable"),
        _("The EU Information System did not answer; nothing was changed."),
        _RETRY,
    ),
    ProblemType(
        "eu_amend_wrong_kind",
        409,
        _("Amend at the declaration's own address"),
        _(
            "A simplified declaration is amended with a simplified-declaration body, a statement with a "
            "statement body."
        ),
        _("POST to /api/eudr/v1/simplified-declarations/{id}/amend for a declaration."),
    ),
    ProblemType(
        "eu_amend_not_allowed_for_status",
        409,
        _("Amendment not allowed"),
        _("The EU accepts amendments only while the statement is AVAILABLE there."),
        _("See eu_is.status on the statement."),
    ),
    ProblemType(
        "eu_amend_window_closed",
        409,
        _("Amendment window closed"),
        _("The EU accepts amendments within 72 hours of submission; that time has passed."),
        _("File a new statement instead."),
    ),
    ProblemType(
        "eu_amend_activity_change",
        409,
        _("Activity cannot change"),
        _("The activity of a statement cannot change in an amendment."),
        _("File a new statement."),
    ),
    ProblemType(
        "eu_amend_too_large",
        409,
        _("Amendment too large"),
        _("An amendment is screened in the request and may hold only a limited number of plots."),
        _("File a new statement."),
    ),
    ProblemType(
        "amendment_not_compliant",
        409,
        _("Amendment not compliant"),
        _("The amended statement would not be compliant; nothing was changed."),
        _("See the detail for the screening's findings."),
    ),
    ProblemType(
        "eu_amend_not_mappable",
        409,
        _("Amendment cannot be sent"),
        _("The amended statement lacks something the EU requires."),
        _("See the detail."),
    ),
    ProblemType(
        "eu_amend_refused",
        409,
        _("Amendment refused by the EU"),
        _(
            "The EU Information System refused the amendment; its codes are in the detail. Nothing was "
            "changed."
        ),
        _("Check the EU's codes."),
    ),
    ProblemType(
        "retention_period_running",
        409,
        _("Record still within its retention period"),
        _(
            "Supplier and customer records must be kept for five years from the consignment date (Article "
            "5(4) of Regulation (EU) 2023/1115 as amended); `retained_until` is the last day. Nothing was "
            "deleted."
        ),
        _("Keep the record; the service deletes it automatically after `retained_until`."),
    ),
)

PROBLEM_TYPES: dict[str, ProblemType] = {row.code: row for row in _ROWS}


def problem_type(code: str) -> ProblemType | None:
    return PROBLEM_TYPES.get(code)
