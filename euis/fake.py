"""A fake EU Information System speaking the V3 SOAP contract, for tests and local runs.

It checks WS-Security (digest against its accounts, Created within five minutes,
nonce replay), validates every payload against our schema artefact, applies a
subset of the EU's business rules (euis.fake_rules), issues UUIDs, reference
numbers (14 characters) and verification numbers, settles statements from
SUBMITTED to AVAILABLE or REJECTED after a set number of polls (or time), and
enforces the 72-hour amend/withdraw window of a DDS. Tests steer it: plan a
rejection, rate-limit or hang the next calls, move its business clock.
Deterministic for a given seed. Not for production.
"""

from __future__ import annotations

import contextlib
import random
import threading
import uuid as uuid_module
from collections import deque
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from lxml import etree

from euis.contract import (
    AMEND_WITHDRAW_WINDOW_HOURS,
    NS_COMMON,
    NS_DDS,
    NS_ECHO,
    NS_SD,
    NS_SOAP,
    NS_VERIFY,
    EudrStatus,
    Service,
    VerifyResult,
)
from euis.errors import EuError
from euis.fake_rules import statement_errors
from euis.fake_soap import (
    XML_HEADERS,
    Refusal,
    child_named,
    child_text,
    grouped_references,
    local_name,
    response,
    response_root,
    soap_envelope,
    soap_fault,
)
from euis.validation import payload_problems
from euis.wsse import NonceCache, SecurityRefused, check_security, format_instant

_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
_PARSER = etree.XMLParser(no_network=True, resolve_entities=False, remove_blank_text=True)
_SERVICE_NS = {Service.DDS: NS_DDS, Service.SD: NS_SD, Service.VERIFY: NS_VERIFY, Service.ECHO: NS_ECHO}
_NUMBERED = {EudrStatus.AVAILABLE, EudrStatus.WITHDRAWN, EudrStatus.ARCHIVED, EudrStatus.GROUPED}
_USABLE = {EudrStatus.AVAILABLE, EudrStatus.ARCHIVED}
_ALL_ROLES = frozenset({"OPERATOR", "REPRESENTATIVE_OPERATOR", "MICRO_OPERATOR", "REPRESENTATIVE_MSPO"})


@dataclass
class FakeAccount:
    username: str
    authentication_key: str
    client_id: str = "eudr-test"
    country: str = "PL"  # the operator's country; EU reference numbers carry it
    has_eori: bool = True
    roles: frozenset[str] = _ALL_ROLES


@dataclass
class Record:
    uuid: str
    kind: str  # "dds" or "sd"
    owner: str
    internal_reference: str
    activity: str
    statement: etree._Element
    submitted_at: datetime
    status: EudrStatus = EudrStatus.SUBMITTED
    polls: int = 0
    reference_number: str | None = None
    verification_number: str | None = None
    rejection_reason: str | None = None
    version: int = 1
    updated_at: datetime | None = None


@dataclass
class _Injected:
    kind: str  # "rate_limit", "hang", "server_error"
    seconds: float = 0.0


class FakeEuInformationSystem:
    def __init__(
        self,
        accounts: tuple[FakeAccount, ...] = (),
        *,
        polls_until_final: int = 1,
        settle_after: timedelta | None = None,
        seed: int = 2650,
    ) -> None:
        self.accounts = {account.username: account for account in accounts}
        self.polls_until_final = polls_until_final
        self.settle_after = settle_after
        self.records: dict[str, Record] = {}
        self.calls: list[str] = []  # operation names, in order received
        self.nonces = NonceCache()
        self._clock_offset = timedelta()
        self._rng = random.Random(seed)
        self._rejections: list[tuple[str | None, str]] = []
        self._injected: deque[_Injected] = deque()
        self._lock = threading.RLock()
        self._stopping = threading.Event()
        self._server: ThreadingHTTPServer | None = None

    # --- Steering (tests, make run) ----------------------------------------------

    def now(self) -> datetime:
        """The business clock (submission times, the 72-hour window); WS-Security uses real time."""
        return datetime.now(UTC) + self._clock_offset

    def advance(self, delta: timedelta) -> None:
        with self._lock:
            self._clock_offset += delta

    def plan_rejection(self, reason: str, *, internal_reference: str | None = None) -> None:
        """The next submission (or the one with this internal reference) settles REJECTED."""
        with self._lock:
            self._rejections.append((internal_reference, reason))

    def rate_limit_next(self, count: int = 1, *, retry_after: float = 1.0) -> None:
        with self._lock:
            self._injected.extend(_Injected("rate_limit", retry_after) for _ in range(count))

    def hang_next(self, seconds: float, count: int = 1) -> None:
        """Hold the next answers for `seconds` (longer than the client's timeout to simulate one)."""
        with self._lock:
            self._injected.extend(_Injected("hang", seconds) for _ in range(count))

    def fail_next(self, count: int = 1) -> None:
        """Answer the next calls with a bare HTTP 500 (no SOAP), as a broken proxy would."""
        with self._lock:
            self._injected.extend(_Injected("server_error") for _ in range(count))

    # --- Serving ------------------------------------------------------------------

    def start(self, host: str = "127.0.0.1", port: int = 0) -> str:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(min(length, 64 * 1024 * 1024))
                status, headers, payload = fake.handle(self.path, dict(self.headers), body)
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                # The client may have given up (a simulated timeout); the EU would not notice either.
                with contextlib.suppress(ConnectionError):
                    self.wfile.write(payload)

            def log_message(self, format: str, *args: object) -> None:
                return

        self._server = ThreadingHTTPServer((host, port), Handler)
        self._server.daemon_threads = True
        threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        ).start()
        return f"http://{host}:{self._server.server_address[1]}/tracesnt/"

    def stop(self) -> None:
        self._stopping.set()
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()

    def handle(self, path: str, headers: dict[str, str], body: bytes) -> tuple[int, dict[str, str], bytes]:
        """One HTTP exchange: (status, headers, body). Usable without a socket."""
        with self._lock:
            injected = self._injected.popleft() if self._injected else None
        if injected and injected.kind == "rate_limit":
            return (
                429,
                {"Retry-After": f"{injected.seconds:g}", "Content-Type": "text/plain"},
                b"Too Many Requests",
            )
        if injected and injected.kind == "server_error":
            return 500, {"Content-Type": "text/html"}, b"<html><body>Internal error</body></html>"
        if injected and injected.kind == "hang":
            self._stopping.wait(injected.seconds)
        service = next((s for s in Service if path.split("?", maxsplit=1)[0].endswith("/" + s.value)), None)
        if service is None:
            return 404, {"Content-Type": "text/plain"}, b"Not Found"
        try:
            answer = self._dispatch(service, body)
        except Refusal as refusal:
            return 500, XML_HEADERS, soap_fault(refusal, _SERVICE_NS[service])
        except SecurityRefused as refused:
            return (
                500,
                XML_HEADERS,
                soap_fault(Refusal("", [], code=f"wsse:{refused.code}", text=str(refused)), NS_SOAP),
            )
        return 200, XML_HEADERS, soap_envelope(answer)

    # --- Operations ----------------------------------------------------------------

    def _dispatch(self, service: Service, body: bytes) -> etree._Element:
        try:
            root = etree.fromstring(body, _PARSER)
        except etree.XMLSyntaxError as exc:
            raise Refusal("", [], text=f"Malformed request: {exc}") from exc
        soap_body = root.find(f"{{{NS_SOAP}}}Body")
        if root.tag != f"{{{NS_SOAP}}}Envelope" or soap_body is None or len(soap_body) != 1:
            raise Refusal("", [], text="Not a SOAP 1.1 envelope with one body element.")
        username, _client_id = check_security(
            root.find(f"{{{NS_SOAP}}}Header"),
            key_for=self._key_for,
            now=datetime.now(UTC),
            nonces=self.nonces,
        )
        payload = soap_body[0]
        if etree.QName(payload).namespace != _SERVICE_NS[service]:
            raise Refusal("", [], text="Cannot find dispatch method for the request on this endpoint.")
        problems = payload_problems(payload)
        if problems:
            raise Refusal("", [], text="Unmarshalling Error: " + problems[0])
        name = etree.QName(payload).localname
        operation = getattr(self, "_" + name, None) if name.endswith("Request") else None
        if operation is None:
            raise Refusal("", [], text=f"Cannot find dispatch method for {name}.")
        with self._lock:
            self.calls.append(name)
            return operation(payload, self.accounts[username])

    def _key_for(self, username: str) -> str | None:
        account = self.accounts.get(username)
        return account.authentication_key if account else None

    def _new_uuid(self) -> str:
        return str(uuid_module.UUID(int=self._rng.getrandbits(128), version=4))

    def _code(self, length: int) -> str:
        return "".join(self._rng.choice(_ALPHABET) for _ in range(length))

    def _submit(self, payload: etree._Element, account: FakeAccount, kind: str) -> Record:
        role = child_text(payload, "operatorRole")
        if role not in account.roles:
            raise Refusal(
                "PermissionDeniedException",
                [
                    EuError(
                        "EUDR_WEBSERVICE_USER_ACTIVITY_NOT_ALLOWED",
                        f"Role {role} not allowed.",
                        "operatorRole",
                    )
                ],
            )
        statement = child_named(payload, "statement")
        errors = statement_errors(statement, role=role, operator_has_eori=account.has_eori)
        errors += self._grouping_errors(statement, kind)
        if errors:
            raise Refusal("BusinessRulesValidationException", errors)
        internal = child_text(statement, "internalReferenceNumber") or self._code(14)
        record = Record(
            uuid=self._new_uuid(),
            kind=kind,
            owner=account.username,
            internal_reference=internal,
            activity=child_text(statement, "activityType"),
            statement=statement,
            submitted_at=self.now(),
        )
        for reference in grouped_references(statement):
            self._by_reference(reference).status = EudrStatus.GROUPED
        self.records[record.uuid] = record
        return record

    def _grouping_errors(self, statement: etree._Element, kind: str) -> list[EuError]:
        errors = []
        for reference in grouped_references(statement):
            target = self._by_reference(reference)
            # SD may group only SDs (OPS 4.2.2); anything referenced must be AVAILABLE (OPS 5.1.2).
            if (
                target is None
                or target.status != EudrStatus.AVAILABLE
                or (kind == "sd" and target.kind != "sd")
            ):
                errors.append(
                    EuError("EUDR_REFERENCED_STATEMENT_NOT_FOUND", reference, "groupedDeclarations")
                )
        return errors

    def _by_reference(self, reference: str) -> Record | None:
        return next((r for r in self.records.values() if r.reference_number == reference), None)

    def _SubmitDdsRequest(self, payload: etree._Element, account: FakeAccount) -> etree._Element:
        record = self._submit(payload, account, "dds")
        return response(NS_DDS, "SubmitDdsResponse", [("uuid", record.uuid)])

    def _SubmitSdRequest(self, payload: etree._Element, account: FakeAccount) -> etree._Element:
        record = self._submit(payload, account, "sd")
        return response(NS_SD, "SubmitSdResponse", [("sdIdentifier", record.uuid)])

    def _settle(self, record: Record) -> None:
        record.polls += 1
        if record.status != EudrStatus.SUBMITTED:
            return
        due = record.polls >= self.polls_until_final or (
            self.settle_after is not None and self.now() - record.submitted_at >= self.settle_after
        )
        if not due:
            return
        planned = next(
            (p for p in self._rejections if p[0] is None or p[0] == record.internal_reference),
            None,
        )
        if planned is not None:
            self._rejections.remove(planned)
            record.status, record.rejection_reason = EudrStatus.REJECTED, planned[1]
        else:
            record.status = EudrStatus.AVAILABLE
            prefix = "S" if record.kind == "sd" else ""
            country = self.accounts[record.owner].country
            body_length = 14 - len(prefix) - 4
            record.reference_number = f"{prefix}{record.submitted_at:%y}{country}{self._code(body_length)}"
            record.verification_number = self._code(8)
        record.updated_at = self.now()

    def _overviews(self, ns: str, tag: str, records: list[Record]) -> etree._Element:
        root = response_root(ns, tag)
        for record in records:
            self._settle(record)
            item = etree.SubElement(
                root, f"{{{ns}}}{'ddsOverviewList' if ns == NS_DDS else 'sdOverviewList'}"
            )
            numbered = record.status in _NUMBERED
            for name, value in (
                ("uuid", record.uuid),
                ("internalReferenceNumber", record.internal_reference),
                ("referenceNumber", record.reference_number if numbered else None),
                ("verificationNumber", record.verification_number if numbered else None),
                ("status", record.status.value),
                ("rejectionReason", record.rejection_reason),
                ("date", format_instant(record.updated_at or record.submitted_at)),
                ("updatedBy", record.owner),
                ("version", str(record.version)),
            ):
                if value is not None:
                    etree.SubElement(item, f"{{{NS_COMMON}}}{name}").text = value
        return root

    def _owned(self, account: FakeAccount, kind: str) -> list[Record]:
        return [r for r in self.records.values() if r.owner == account.username and r.kind == kind]

    def _get(self, payload: etree._Element, account: FakeAccount, kind: str) -> list[Record]:
        wanted = [
            (node.text or "").strip().lower()
            for node in payload.iter()
            if local_name(node) == "uuid" or local_name(node) == "uuidList"
        ]
        found = [r for r in self._owned(account, kind) if r.uuid in wanted]
        if not found:
            raise Refusal(
                "NotFoundException", [EuError("EUDR_WEBSERVICE_STATEMENT_NOT_FOUND", "Not found.", "uuid")]
            )
        return found

    def _GetDdsRequest(self, payload: etree._Element, account: FakeAccount) -> etree._Element:
        return self._overviews(NS_DDS, "GetDdsResponse", self._get(payload, account, "dds"))

    def _GetSdRequest(self, payload: etree._Element, account: FakeAccount) -> etree._Element:
        return self._overviews(NS_SD, "GetSdResponse", self._get(payload, account, "sd"))

    def _by_internal(self, payload: etree._Element, account: FakeAccount, kind: str) -> list[Record]:
        # CF3 v1.4: partial, case-insensitive match; at most 1000 records (OPS 2.3.2).
        wanted = (child_text(payload, "internalReference") or "").lower()
        return [r for r in self._owned(account, kind) if wanted in r.internal_reference.lower()][:1000]

    def _GetDdsByInternalReferenceRequest(self, payload, account):
        return self._overviews(
            NS_DDS, "GetDdsByInternalReferenceResponse", self._by_internal(payload, account, "dds")
        )

    def _GetSdByInternalReferenceRequest(self, payload, account):
        return self._overviews(
            NS_SD, "GetSdByInternalReferenceResponse", self._by_internal(payload, account, "sd")
        )

    def _by_identifiers(
        self, payload: etree._Element, account: FakeAccount, ns: str, tag: str
    ) -> etree._Element:
        pair = child_named(payload, "referenceAndVerificationNumber")
        record = self._by_reference(child_text(pair, "referenceNumber"))
        if (
            record is None
            or record.verification_number != child_text(pair, "verificationNumber")
            or record.status not in _USABLE
        ):
            raise Refusal(
                "NotFoundException",
                [EuError("EUDR_WEBSERVICE_STATEMENT_NOT_FOUND", "Not found.", "referenceNumber")],
            )
        statement = etree.fromstring(etree.tostring(record.statement))
        confidential = child_text(statement, "geoLocationConfidential") == "true"
        if confidential and record.owner != account.username:
            for producers in [n for n in statement.iter() if local_name(n) == "producers"]:
                producers.getparent().remove(producers)
        root = response_root(ns, tag)
        root.append(statement)
        return root

    def _GetDdsByIdentifiersRequest(self, payload, account):
        return self._by_identifiers(payload, account, NS_DDS, "GetDdsByIdentifiersResponse")

    def _GetSdByIdentifiersRequest(self, payload, account):
        return self._by_identifiers(payload, account, NS_SD, "GetSdByIdentifiersResponse")

    def _own_record(self, account: FakeAccount, uuid: str, kind: str) -> Record:
        record = self.records.get(uuid.lower())
        if record is None or record.owner != account.username or record.kind != kind:
            if (
                kind == "sd"
            ):  # the SD service declares NotFoundException; the DDS one a business error (CF5/CF6)
                raise Refusal(
                    "NotFoundException", [EuError("EUDR_API_NO_DDS", "No such declaration.", "sdIdentifier")]
                )
            raise Refusal(
                "BusinessRulesValidationException", [EuError("EUDR_API_NO_DDS", "No such DDS.", "uuid")]
            )
        return record

    def _window_open(self, record: Record) -> bool:
        return self.now() - record.submitted_at <= timedelta(hours=AMEND_WITHDRAW_WINDOW_HOURS)

    def _AmendDdsRequest(self, payload: etree._Element, account: FakeAccount) -> etree._Element:
        record = self._own_record(account, child_text(payload, "uuid"), "dds")
        statement = child_named(payload, "statement")
        rules = [
            (record.status != EudrStatus.AVAILABLE, "EUDR_API_AMEND_NOT_ALLOWED_FOR_STATUS"),
            (not self._window_open(record), "EUDR_API_AMEND_OR_WITHDRAW_DDS_NOT_POSSIBLE"),
            (
                child_text(statement, "activityType") != record.activity,
                "EUDR_API_AMEND_ACTIVITY_TYPE_CHANGE_NOT_ALLOWED",
            ),
        ]
        errors = [EuError(code, "", "uuid") for broken, code in rules if broken]
        errors += statement_errors(statement, role="OPERATOR", operator_has_eori=account.has_eori)
        if errors:
            raise Refusal("BusinessRulesValidationException", errors)
        record.statement, record.version, record.updated_at = statement, record.version + 1, self.now()
        return response(NS_DDS, "AmendDdsResponse", [("uuid", record.uuid), ("status", record.status.value)])

    def _WithdrawDdsRequest(self, payload: etree._Element, account: FakeAccount) -> etree._Element:
        record = self._own_record(account, child_text(payload, "uuid"), "dds")
        if record.status not in (EudrStatus.SUBMITTED, EudrStatus.AVAILABLE):
            raise Refusal(
                "BusinessRulesValidationException",
                [EuError("EUDR_API_AMEND_OR_WITHDRAW_NOT_ALLOWED_FOR_STATUS", "", "")],
            )
        if not self._window_open(record):
            raise Refusal(
                "BusinessRulesValidationException",
                [EuError("EUDR_API_AMEND_OR_WITHDRAW_DDS_NOT_POSSIBLE", "", "")],
            )
        record.status, record.updated_at = EudrStatus.WITHDRAWN, self.now()
        return response(
            NS_DDS, "WithdrawDdsResponse", [("uuid", record.uuid), ("status", record.status.value)]
        )

    def _UpdateSdRequest(self, payload: etree._Element, account: FakeAccount) -> etree._Element:
        record = self._own_record(account, child_text(payload, "sdIdentifier"), "sd")
        if record.status != EudrStatus.AVAILABLE:
            raise Refusal(
                "BusinessRulesValidationException", [EuError("EUDR_API_AMEND_NOT_ALLOWED_FOR_STATUS", "", "")]
            )
        statement = child_named(payload, "statement")
        errors = statement_errors(statement, role="MICRO_OPERATOR", operator_has_eori=account.has_eori)
        if errors:
            raise Refusal("BusinessRulesValidationException", errors)
        record.statement, record.version, record.updated_at = statement, record.version + 1, self.now()
        fields = [("uuid", record.uuid), ("version", str(record.version)), ("status", record.status.value)]
        return response(NS_SD, "UpdateSdResponse", fields)

    def _WithdrawSdRequest(self, payload: etree._Element, account: FakeAccount) -> etree._Element:
        record = self._own_record(account, child_text(payload, "sdIdentifier"), "sd")
        if record.status != EudrStatus.AVAILABLE:
            raise Refusal(
                "BusinessRulesValidationException",
                [EuError("EUDR_API_AMEND_OR_WITHDRAW_NOT_ALLOWED_FOR_STATUS", "", "")],
            )
        record.status, record.updated_at = EudrStatus.WITHDRAWN, self.now()
        fields = [("uuid", record.uuid), ("version", str(record.version)), ("status", record.status.value)]
        return response(NS_SD, "WithdrawSdResponse", fields)

    def _VerifyDeclarationRequest(self, payload: etree._Element, account: FakeAccount) -> etree._Element:
        record = self._by_reference(child_text(payload, "referenceNumber"))
        if record is None or record.verification_number != child_text(payload, "verificationNumber"):
            fields = [("result", VerifyResult.NON_EXISTENT.value)]
        else:
            result = (
                VerifyResult.EXISTING_USABLE if record.status in _USABLE else VerifyResult.EXISTING_NON_USABLE
            )
            fields = [("result", result.value), ("status", record.status.value)]
        fields.append(("dateTime", format_instant(self.now())))
        return response(NS_VERIFY, "VerifyDeclarationResponse", fields)

    def _EudrEchoRequest(self, payload: etree._Element, account: FakeAccount) -> etree._Element:
        return response(NS_ECHO, "EudrEchoResponse", [("status", "OK")])
