"""The fake EU Information System: HTTP, dispatch, state and the operations.

It speaks the V3 SOAP contract on loopback for tests and local runs, independently of
our client: its names come from the EU's WSDL/XSD (namespaces.py), its numbers from the
EU's documents (limits.py), its checks from the standards (security.py) and the EU's
rules (rules.py, geometry.py). Every request and every answer is checked against the
EU's schemas (xsd.py); an answer of the fake that breaks them is recorded in
`schema_failures` so a bug in the fake shows in tests. Deterministic for a seed.
Not for production.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import threading
import uuid as uuid_module
from collections import deque
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from lxml import etree

from standins.fake_eu import limits, rules
from standins.fake_eu import namespaces as ns
from standins.fake_eu.security import Nonces, authenticate, format_instant
from standins.fake_eu.soap import (
    BUSINESS_RULES,
    NOT_FOUND,
    PERMISSION_DENIED,
    XML_HEADERS,
    AuthenticationRefused,
    Problem,
    Refusal,
    answer,
    authentication_fault,
    child,
    children,
    element,
    local_name,
    refusal_fault,
    serialise,
    text,
)
from standins.fake_eu.xsd import schema_problems

_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
_PARSER = etree.XMLParser(no_network=True, resolve_entities=False, remove_blank_text=True, huge_tree=True)
_NUMBERED = {ns.AVAILABLE, ns.WITHDRAWN, ns.ARCHIVED, ns.GROUPED}
# Retrieval by identifiers and referencing: AVAILABLE or ARCHIVED (OPS 6.1.6
# EUDR_WEBSERVICE_STATEMENT_NOT_FOUND "not in AVAILABLE/ARCHIVED status"; OPS 10.3
# "Referenced DDS ... in status Available or Archived").
_USABLE = {ns.AVAILABLE, ns.ARCHIVED}
# Numbers as the EU issues them: a reference of capital letters and digits (OPS 8.1.1
# "S26FRNMNBSA96Q"); a verification number may also hold hyphens (DTR 5.1.1's sample
# "VN-2025-ABC12"). The fake issues both from _ALPHABET.
_NUMBER_FORMS = {"referenceNumber": re.compile(r"[A-Z0-9]+"), "verificationNumber": re.compile(r"[A-Z0-9-]+")}
# OPS 4.1.3 OperatorRoleType and 4.2.3 SdOperatorRoleType.
_ALL_ROLES = frozenset({"OPERATOR", "REPRESENTATIVE_OPERATOR", "MICRO_OPERATOR", "REPRESENTATIVE_MSPO"})


@dataclass
class FakeAccount:
    username: str
    authentication_key: str
    client_id: str = "eudr-test"  # CF1 7.3: the acceptance client id
    country: str = "PL"  # the operator's country; reference numbers carry it
    has_eori: bool = True
    roles: frozenset[str] = _ALL_ROLES


@dataclass
class Version:
    number: int
    statement: etree._Element
    at: datetime


@dataclass
class Record:
    uuid: str
    kind: str  # "dds" or "sd"
    owner: str
    internal_reference: str
    activity: str
    statement: etree._Element
    submitted_at: datetime
    status: str = ns.SUBMITTED
    polls: int = 0
    reference_number: str | None = None
    verification_number: str | None = None
    rejection_reason: str | None = None
    communication: tuple[datetime, str] | None = None
    version: int = 1
    updated_at: datetime | None = None
    versions: list[Version] = field(default_factory=list)


@dataclass
class _Plan:
    internal_reference: str | None
    reason: str
    communication: str | None = None


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
        accounts_file: Path | None = None,
    ) -> None:
        self.accounts = {account.username: account for account in accounts}
        # Web-service users registered while the fake runs (make run: any new account of the
        # service may get one), one JSON object a line; read again whenever the file grows,
        # as the EU's own user directory would know a user created after start.
        self.accounts_file = accounts_file
        self._accounts_read = 0
        self.polls_until_final = polls_until_final
        self.settle_after = settle_after
        self.records: dict[str, Record] = {}
        self.calls: list[str] = []  # request element names, in order received
        # (operation, request Body child, answer Body child) of every SOAP exchange.
        self.exchanges: list[tuple[str, etree._Element | None, etree._Element]] = []
        # Every way an answer of the fake broke the EU's schemas: must stay empty.
        self.schema_failures: list[str] = []
        self.nonces = Nonces()
        self._clock_offset = timedelta()
        self._rng = random.Random(seed)
        self._plans: list[_Plan] = []
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
            self._plans.append(_Plan(internal_reference, reason))

    def plan_risk_rejection(
        self,
        communication: str,
        *,
        reason: str = "Rejected after risk profiling.",
        internal_reference: str | None = None,
    ) -> None:
        """Risk profiling (OPS 4.1.2, 11.5.1) rejects the next submission (or this one).

        Its overview then carries rejectionReason and communicationToOperator (date,
        content: OPS 4.1.4 CommunicationToOperatorType, "Communication sent by CA to Operator").
        """
        with self._lock:
            self._plans.append(_Plan(internal_reference, reason, communication))

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
        route = path.split("?", maxsplit=1)[0]
        service_ns = next((n for p, n in ns.SERVICES.items() if route.endswith("/" + p)), None)
        if service_ns is None:
            return 404, {"Content-Type": "text/plain"}, b"Not Found"
        seen: dict = {"operation": "", "request": None}
        try:
            payload = self._dispatch(service_ns, body, seen)
            envelope, status = answer(payload), 200
            self._check_answer(seen["operation"], payload)
        except Refusal as refusal:
            envelope, detail = refusal_fault(refusal, service_ns)
            status = 500
            self._check_answer(seen["operation"] or "fault", detail)
        except AuthenticationRefused as refused:
            envelope, status = authentication_fault(refused, service_ns), 500
        except _NoDispatch as missing:
            envelope, status = _no_dispatch_fault(str(missing)), 500
        with self._lock:
            body_child = envelope.find(f"{{{ns.SOAP_ENV}}}Body")[0]
            self.exchanges.append((seen["operation"], seen["request"], body_child))
        return status, XML_HEADERS, serialise(envelope)

    def _check_answer(self, operation: str, payload: etree._Element) -> None:
        problems = schema_problems(payload)
        if problems:
            with self._lock:
                self.schema_failures.extend(f"{operation}: {p}" for p in problems)

    # --- Dispatch ------------------------------------------------------------------

    def _dispatch(self, service_ns: str, body: bytes, seen: dict) -> etree._Element:
        """The answer's Body child; fills `seen` with the operation and the request element."""
        try:
            root = etree.fromstring(body, _PARSER)
        except etree.XMLSyntaxError as exc:
            raise _invalid(f"The request is not well-formed XML: {exc}") from exc
        soap_body = root.find(f"{{{ns.SOAP_ENV}}}Body")
        if root.tag != f"{{{ns.SOAP_ENV}}}Envelope" or soap_body is None or len(soap_body) != 1:
            raise _invalid("Not a SOAP 1.1 envelope with one body element.")
        self._accounts_refresh()
        username, _client_id = authenticate(
            root.find(f"{{{ns.SOAP_ENV}}}Header"),
            accounts=self.accounts,
            now=datetime.now(UTC),
            nonces=self.nonces,
        )
        request = soap_body[0]
        name = local_name(request)
        if etree.QName(request).namespace != service_ns or name not in ns.OPERATIONS:
            raise _NoDispatch(f"Cannot find dispatch method for {{{etree.QName(request).namespace}}}{name}")
        seen["operation"], seen["request"] = ns.OPERATIONS[name][0], request
        problems = schema_problems(request)
        if problems:
            raise _invalid(*problems)
        with self._lock:
            self.calls.append(name)
            return getattr(self, "_" + name)(request, self.accounts[username])

    def _accounts_refresh(self) -> None:
        """Users appended to `accounts_file` since the last read: {"username",
        "authentication_key", "client_id"?, "country"?} a line; a malformed line is skipped."""
        if self.accounts_file is None:
            return
        try:
            with open(self.accounts_file, "rb") as file:
                file.seek(self._accounts_read)
                added = file.read()
        except FileNotFoundError:
            return
        complete = added[: added.rfind(b"\n") + 1]  # a line still being written waits
        with self._lock:
            self._accounts_read += len(complete)
            for line in complete.splitlines():
                try:
                    item = json.loads(line)
                    account = FakeAccount(
                        username=str(item["username"]),
                        authentication_key=str(item["authentication_key"]),
                        client_id=str(item.get("client_id", "eudr-test")),
                        country=str(item.get("country", "PL")),
                    )
                except (ValueError, KeyError, TypeError):
                    continue
                self.accounts.setdefault(account.username, account)

    # --- State ---------------------------------------------------------------------

    def _new_uuid(self) -> str:
        return str(uuid_module.UUID(int=self._rng.getrandbits(128), version=4))

    def _code(self, length: int) -> str:
        return "".join(self._rng.choice(_ALPHABET) for _ in range(length))

    def _by_reference(self, reference: str | None) -> Record | None:
        return next((r for r in self.records.values() if r.reference_number == reference), None)

    def _grouping_problems(self, statement: etree._Element, kind: str) -> list[Problem]:
        problems = []
        for reference in rules.grouped_references(statement):
            target = self._by_reference(reference)
            # OPS 10.3 "Referenced DDS": an existing statement in status Available or Archived;
            # OPS 4.2.2 submitSd: "SD-only references ... DDS references are rejected".
            if target is None or target.status not in _USABLE or (kind == "sd" and target.kind != "sd"):
                problems.append(
                    Problem(rules.REFERENCED_STATEMENT_NOT_FOUND, reference or "", "groupedDeclarations")
                )
        return problems

    def _submit(self, request: etree._Element, account: FakeAccount, kind: str) -> Record:
        role = text(request, "operatorRole") or ""
        if role not in account.roles:
            # CF4: the role requested is not valid for the operator profile; a permission fault
            # (CF4 v1.3 annex submission-error-response.xml).
            raise Refusal(
                PERMISSION_DENIED,
                [Problem(rules.USER_ACTIVITY_NOT_ALLOWED, f"Role {role} is not the user's.", "operatorRole")],
            )
        statement = child(request, "statement")
        problems = rules.statement_problems(
            statement, kind=kind, role=role, operator_has_eori=account.has_eori
        )
        problems += self._grouping_problems(statement, kind)
        if problems:
            raise Refusal(BUSINESS_RULES, problems)
        now = self.now()
        record = Record(
            uuid=self._new_uuid(),
            kind=kind,
            owner=account.username,
            # OPS 4.1.3: "If not provided, generated by the Information System".
            internal_reference=text(statement, "internalReferenceNumber") or self._code(14),
            activity=text(statement, "activityType") or "",
            statement=statement,
            submitted_at=now,
            versions=[Version(1, statement, now)],
        )
        for reference in rules.grouped_references(statement):
            # OPS 11.3.1: referenced declarations receive GROUPED status.
            self._by_reference(reference).status = ns.GROUPED
        self.records[record.uuid] = record
        return record

    def _settle(self, record: Record) -> None:
        record.polls += 1
        if record.status != ns.SUBMITTED:
            return
        due = record.polls >= self.polls_until_final or (
            self.settle_after is not None and self.now() - record.submitted_at >= self.settle_after
        )
        if not due:
            return
        plan = next(
            (p for p in self._plans if p.internal_reference in (None, record.internal_reference)), None
        )
        if plan is not None:
            self._plans.remove(plan)
            record.status, record.rejection_reason = ns.REJECTED, plan.reason
            if plan.communication is not None:
                record.communication = (self.now(), plan.communication)
        else:
            record.status = ns.AVAILABLE
            # The EU's samples: YY + country + characters, 14 in all; SD numbers start with S.
            prefix = "S" if record.kind == "sd" else ""
            country = self.accounts[record.owner].country
            length = limits.REFERENCE_NUMBER_LENGTH - len(prefix) - 4
            record.reference_number = f"{prefix}{record.submitted_at:%y}{country}{self._code(length)}"
            record.verification_number = self._code(limits.VERIFICATION_NUMBER_LENGTH)
        record.updated_at = self.now()

    def _overviews(
        self, namespace: str, tag: str, items: list[tuple[Record, Version | None]]
    ) -> etree._Element:
        root = element(namespace, tag)
        list_name = "ddsOverviewList" if namespace == ns.DDS else "sdOverviewList"
        for record, version in items:
            self._settle(record)
            item = etree.SubElement(root, f"{{{namespace}}}{list_name}")
            numbered = record.status in _NUMBERED
            at = version.at if version is not None else (record.updated_at or record.submitted_at)
            # OPS 4.1.4 OverviewType, in its order.
            for name, value in (
                ("uuid", record.uuid),
                ("internalReferenceNumber", record.internal_reference),
                ("referenceNumber", record.reference_number if numbered else None),
                ("verificationNumber", record.verification_number if numbered else None),
                ("status", record.status),
                ("rejectionReason", record.rejection_reason),
            ):
                if value is not None:
                    etree.SubElement(item, f"{{{ns.COMMON}}}{name}").text = value
            if record.communication is not None:
                communication = etree.SubElement(item, f"{{{ns.COMMON}}}communicationToOperator")
                etree.SubElement(communication, f"{{{ns.COMMON}}}date").text = format_instant(
                    record.communication[0]
                )
                etree.SubElement(communication, f"{{{ns.COMMON}}}content").text = record.communication[1]
            etree.SubElement(item, f"{{{ns.COMMON}}}date").text = format_instant(at)
            etree.SubElement(item, f"{{{ns.COMMON}}}updatedBy").text = record.owner
            number = version.number if version is not None else record.version
            etree.SubElement(item, f"{{{ns.COMMON}}}version").text = str(number)
        return root

    def _owned(self, account: FakeAccount, kind: str) -> list[Record]:
        return [r for r in self.records.values() if r.owner == account.username and r.kind == kind]

    def _not_found(self, field_name: str) -> Refusal:
        return Refusal(NOT_FOUND, [Problem(rules.STATEMENT_NOT_FOUND, "Statement not found.", field_name)])

    # --- DDS service ------------------------------------------------------------------

    def _SubmitDdsRequest(self, request: etree._Element, account: FakeAccount) -> etree._Element:
        record = self._submit(request, account, "dds")
        return element(ns.DDS, "SubmitDdsResponse", [("uuid", record.uuid)])

    def _GetDdsRequest(self, request: etree._Element, account: FakeAccount) -> etree._Element:
        wanted = [(n.text or "").strip().lower() for n in children(request, "uuidList")]
        owned = {r.uuid: r for r in self._owned(account, "dds")}
        found = [(owned[u], None) for u in dict.fromkeys(wanted) if u in owned]
        if not found:
            raise self._not_found("uuid")
        return self._overviews(ns.DDS, "GetDdsResponse", found)

    def _by_internal(self, request: etree._Element, account: FakeAccount, kind: str) -> list:
        # CF3 v1.4: partial, case-insensitive match. The answer's overview list holds at most
        # 100 items (8.2.1 XSD DdsOverviewResponseType / SdOverviewResponseType maxOccurs).
        wanted = (text(request, "internalReference") or "").lower()
        matches = [r for r in self._owned(account, kind) if wanted in r.internal_reference.lower()]
        return [(r, None) for r in matches[: limits.OVERVIEWS_PER_ANSWER]]

    def _GetDdsByInternalReferenceRequest(self, request, account):
        found = self._by_internal(request, account, "dds")
        return self._overviews(ns.DDS, "GetDdsByInternalReferenceResponse", found)

    def _by_identifiers(self, request: etree._Element, account: FakeAccount, namespace: str, tag: str):
        pair = child(request, "referenceAndVerificationNumber")
        record = self._by_reference(text(pair, "referenceNumber"))
        if (
            record is None
            or record.verification_number != text(pair, "verificationNumber")
            or record.status not in _USABLE
        ):
            raise self._not_found("referenceNumber")
        statement = etree.fromstring(etree.tostring(record.statement))
        if text(statement, "geoLocationConfidential") == "true" and record.owner != account.username:
            for producers in [n for n in statement.iter() if local_name(n) == "producers"]:
                producers.getparent().remove(producers)
        root = element(namespace, tag)
        root.append(statement)
        return root

    def _GetDdsByIdentifiersRequest(self, request, account):
        return self._by_identifiers(request, account, ns.DDS, "GetDdsByIdentifiersResponse")

    def _own_record(self, account: FakeAccount, uuid: str | None, kind: str) -> Record:
        record = self.records.get((uuid or "").lower())
        if record is None or record.owner != account.username or record.kind != kind:
            problem = Problem(rules.NO_DDS, "No statement with this identifier.", "uuid")
            # The SD service declares NotFoundException for update/withdraw; the DDS one only
            # business and permission faults (WSDLs; CF5/CF6: EUDR_API_NO_DDS).
            raise Refusal(NOT_FOUND if kind == "sd" else BUSINESS_RULES, [problem])
        return record

    def _window_open(self, record: Record) -> bool:
        return self.now() - record.submitted_at <= timedelta(hours=limits.AMEND_WITHDRAW_HOURS)

    def _new_version(self, record: Record, statement: etree._Element) -> None:
        record.version += 1
        record.statement, record.updated_at = statement, self.now()
        record.versions.append(Version(record.version, statement, record.updated_at))

    def _AmendDdsRequest(self, request: etree._Element, account: FakeAccount) -> etree._Element:
        record = self._own_record(account, text(request, "uuid"), "dds")
        statement = child(request, "statement")
        checks = [
            # OPS 4.1.2 amendDds: "Blocked if the DDS is not in available status"; CF5.
            (record.status != ns.AVAILABLE, rules.AMEND_NOT_ALLOWED_FOR_STATUS),
            # OPS 4.1.2: the 72-hour window from submission; CF5.
            (not self._window_open(record), rules.AMEND_OR_WITHDRAW_NOT_POSSIBLE),
            # OPS 10.3 "Mandatory activity type": cannot be changed on amendment; CF5.
            (text(statement, "activityType") != record.activity, rules.AMEND_ACTIVITY_CHANGE),
        ]
        problems = [Problem(code, "Amendment refused.", "uuid") for broken, code in checks if broken]
        problems += rules.statement_problems(
            statement, kind="dds", role="OPERATOR", operator_has_eori=account.has_eori
        )
        if problems:
            raise Refusal(BUSINESS_RULES, problems)
        self._new_version(record, statement)
        return element(ns.DDS, "AmendDdsResponse", [("uuid", record.uuid), ("status", record.status)])

    def _WithdrawDdsRequest(self, request: etree._Element, account: FakeAccount) -> etree._Element:
        record = self._own_record(account, text(request, "uuid"), "dds")
        # CF6: withdraw only in SUBMITTED or AVAILABLE (a GROUPED DDS is blocked, OPS 4.1.2).
        if record.status not in (ns.SUBMITTED, ns.AVAILABLE):
            raise Refusal(
                BUSINESS_RULES,
                [Problem(rules.AMEND_OR_WITHDRAW_NOT_ALLOWED_FOR_STATUS, "Withdrawal refused.", "uuid")],
            )
        if not self._window_open(record):
            raise Refusal(
                BUSINESS_RULES,
                [Problem(rules.AMEND_OR_WITHDRAW_NOT_POSSIBLE, "The window has closed.", "uuid")],
            )
        record.status, record.updated_at = ns.WITHDRAWN, self.now()
        return element(ns.DDS, "WithdrawDdsResponse", [("uuid", record.uuid), ("status", record.status)])

    # --- SD service -------------------------------------------------------------------

    def _SubmitSdRequest(self, request: etree._Element, account: FakeAccount) -> etree._Element:
        record = self._submit(request, account, "sd")
        return element(ns.SD, "SubmitSdResponse", [("sdIdentifier", record.uuid)])

    def _GetSdRequest(self, request: etree._Element, account: FakeAccount) -> etree._Element:
        # OPS 4.2.3 GetSdRequestType: uuidAndVersionNumberList (uuid, optional versionNumber).
        owned = {r.uuid: r for r in self._owned(account, "sd")}
        found = []
        for item in children(request, "uuidAndVersionNumberList"):
            record = owned.get((text(item, "uuid") or "").lower())
            wanted = text(item, "versionNumber")
            if record is None:
                continue
            if not wanted:
                found.append((record, None))
                continue
            version = next((v for v in record.versions if v.number == int(wanted)), None)
            if version is not None:
                found.append((record, version))
        if not found:
            raise self._not_found("uuid")
        return self._overviews(ns.SD, "GetSdResponse", found)

    def _GetSdByInternalReferenceRequest(self, request, account):
        found = self._by_internal(request, account, "sd")
        return self._overviews(ns.SD, "GetSdByInternalReferenceResponse", found)

    def _GetSdByIdentifiersRequest(self, request, account):
        return self._by_identifiers(request, account, ns.SD, "GetSdByIdentifiersResponse")

    def _UpdateSdRequest(self, request: etree._Element, account: FakeAccount) -> etree._Element:
        record = self._own_record(account, text(request, "sdIdentifier"), "sd")
        # OPS 4.2.2 updateSd: "Blocked if the SD is not in available status".
        if record.status != ns.AVAILABLE:
            raise Refusal(
                BUSINESS_RULES,
                [Problem(rules.AMEND_NOT_ALLOWED_FOR_STATUS, "Update refused.", "sdIdentifier")],
            )
        statement = child(request, "statement")
        problems = rules.statement_problems(
            statement, kind="sd", role="MICRO_OPERATOR", operator_has_eori=account.has_eori
        )
        if problems:
            raise Refusal(BUSINESS_RULES, problems)
        self._new_version(record, statement)
        fields = [("uuid", record.uuid), ("version", str(record.version)), ("status", record.status)]
        return element(ns.SD, "UpdateSdResponse", fields)

    def _WithdrawSdRequest(self, request: etree._Element, account: FakeAccount) -> etree._Element:
        record = self._own_record(account, text(request, "sdIdentifier"), "sd")
        # OPS 4.2.2 withdrawSd: "Blocked if the SD is not in available status".
        if record.status != ns.AVAILABLE:
            raise Refusal(
                BUSINESS_RULES,
                [
                    Problem(
                        rules.AMEND_OR_WITHDRAW_NOT_ALLOWED_FOR_STATUS, "Withdrawal refused.", "sdIdentifier"
                    )
                ],
            )
        record.status, record.updated_at = ns.WITHDRAWN, self.now()
        fields = [("uuid", record.uuid), ("version", str(record.version)), ("status", record.status)]
        return element(ns.SD, "WithdrawSdResponse", fields)

    # --- Verify and echo --------------------------------------------------------------

    def _VerifyDeclarationRequest(self, request: etree._Element, account: FakeAccount) -> etree._Element:
        # DTR 5.1.5: a number of a form the EU never issues is a business-rules fault naming the
        # field, not NON_EXISTENT; the codes are OPS 6.1.6's for the same numbers on retrieval.
        problems = [
            Problem(rules.NUMBER_EMPTY, f"The {name} is empty.", name)
            if not text(request, name)
            else Problem(rules.NUMBER_INVALID, f"The {name} format is invalid.", name)
            for name in ("referenceNumber", "verificationNumber")
            if not _NUMBER_FORMS[name].fullmatch(text(request, name) or "")
        ]
        if problems:
            raise Refusal(BUSINESS_RULES, problems)
        record = self._by_reference(text(request, "referenceNumber"))
        if record is None or record.verification_number != text(request, "verificationNumber"):
            fields = [("result", ns.NON_EXISTENT)]
        else:
            usable = ns.EXISTING_USABLE if record.status in _USABLE else ns.EXISTING_NON_USABLE
            fields = [("result", usable), ("status", record.status)]
        fields.append(("dateTime", format_instant(self.now())))
        return element(ns.VERIFY, "VerifyDeclarationResponse", fields)

    def _EudrEchoRequest(self, request: etree._Element, account: FakeAccount) -> etree._Element:
        return element(ns.ECHO, "EudrEchoResponse", [("status", "OK")])


def _invalid(*messages: str) -> Refusal:
    """A request the EU cannot read: answered as a business-rules fault (CF4 6.1 type (a))."""
    return Refusal(BUSINESS_RULES, [Problem(rules.REQUEST_INVALID, m, "request") for m in messages])


class _NoDispatch(Exception):
    """JAX-WS's answer to a Body element the endpoint has no operation for."""


def _no_dispatch_fault(message: str) -> etree._Element:
    root = answer(etree.Element(f"{{{ns.SOAP_ENV}}}Fault"))
    fault = root.find(f"{{{ns.SOAP_ENV}}}Body")[0]
    etree.SubElement(fault, "faultcode").text = "S:Client"
    etree.SubElement(fault, "faultstring").text = message
    return root
