"""What each problem `code` means and what the caller should do, in English and Polish.

Every problem+json answer has `type: <PUBLIC_BASE_URL>/problems/<code>`; that address
serves the entry below as a page (`eudr_service.views.problem_page`). A code an API
answer uses but this table lacks is a defect: with `PROBLEM_TYPES_STRICT` on (the
test suite turns it on) building such an answer raises, so the suite catches it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ProblemType:
    code: str
    status: int
    title_en: str
    title_pl: str
    meaning_en: str
    meaning_pl: str
    action_en: str
    action_pl: str

    def title(self, lang: str) -> str:
        return self.title_pl if lang == "pl" else self.title_en

    def meaning(self, lang: str) -> str:
        return self.meaning_pl if lang == "pl" else self.meaning_en

    def action(self, lang: str) -> str:
        return self.action_pl if lang == "pl" else self.action_en


_RETRY_EN = "Retry after the number of seconds in the Retry-After header."
_RETRY_PL = "Ponów żądanie po liczbie sekund podanej w nagłówku Retry-After."

_ROWS: tuple[ProblemType, ...] = (
    ProblemType(
        "invalid_request",
        400,
        "Invalid request",
        "Nieprawidłowe żądanie",
        "One or more fields are missing or invalid. `errors` lists each one with its path "
        "in the body (for example `parcels[3].lat`), a code and a message.",
        "Co najmniej jedno pole jest brakujące lub nieprawidłowe. `errors` wymienia każde z nich "
        "ze ścieżką w treści (np. `parcels[3].lat`), kodem i opisem.",
        "Correct every listed field and send the request again. Nothing was changed.",
        "Popraw wszystkie wymienione pola i wyślij żądanie ponownie. Niczego nie zmieniono.",
    ),
    ProblemType(
        "malformed_body",
        400,
        "Malformed body",
        "Niepoprawna treść żądania",
        "The body is not valid JSON.",
        "Treść żądania nie jest poprawnym dokumentem JSON.",
        "Send a JSON document with Content-Type: application/json.",
        "Wyślij dokument JSON z nagłówkiem Content-Type: application/json.",
    ),
    ProblemType(
        "invalid_content_length",
        400,
        "Invalid Content-Length",
        "Nieprawidłowy nagłówek Content-Length",
        "The Content-Length header is not a number.",
        "Nagłówek Content-Length nie jest liczbą.",
        "Let your HTTP client set Content-Length.",
        "Pozwól klientowi HTTP ustawić nagłówek Content-Length.",
    ),
    ProblemType(
        "invalid_idempotency_key",
        400,
        "Invalid Idempotency-Key",
        "Nieprawidłowy klucz Idempotency-Key",
        "The Idempotency-Key header is longer than 255 characters.",
        "Nagłówek Idempotency-Key jest dłuższy niż 255 znaków.",
        "Use a shorter key, for example your order number or a UUID.",
        "Użyj krótszego klucza, np. numeru zamówienia albo UUID.",
    ),
    ProblemType(
        "too_many_parcels",
        400,
        "Too many parcels",
        "Zbyt wiele działek",
        "A synchronous batch holds at most 500 locations.",
        "Zapytanie zbiorcze obejmuje najwyżej 500 lokalizacji.",
        "Split the batch into requests of at most 500 items.",
        "Podziel zapytanie na części po najwyżej 500 pozycji.",
    ),
    ProblemType(
        "grouped_declaration_not_usable",
        400,
        "A referenced statement cannot be grouped",
        "Nie można zgrupować wskazanego oświadczenia",
        "`grouped_declarations` names an EU reference number that is not one of your statements, "
        "is the statement itself, or is not AVAILABLE or ARCHIVED at the EU (OPS 10.3); `field` "
        "says which.",
        "`grouped_declarations` wskazuje numer referencyjny UE, który nie należy do Twoich oświadczeń, "
        "jest tym samym oświadczeniem albo nie ma w UE statusu AVAILABLE lub ARCHIVED (OPS 10.3); "
        "`field` mówi, który.",
        "Reference only your own statements the EU has made AVAILABLE. Nothing was changed.",
        "Wskazuj tylko własne oświadczenia, które UE udostępniła (AVAILABLE). Niczego nie zmieniono.",
    ),
    ProblemType(
        "eu_limit_exceeded",
        400,
        "Over a limit of the EU Information System",
        "Przekroczony limit systemu informacyjnego UE",
        "The statement is larger than the EU Information System accepts (commodities, producers, "
        "referenced statements or geolocation size); `limit`, `maximum`, `measured` and `source` say "
        "which limit, by how much, and where the EU documents it.",
        "Oświadczenie jest większe, niż przyjmuje system informacyjny UE (towary, producenci, "
        "powiązane oświadczenia lub rozmiar geolokalizacji); `limit`, `maximum`, `measured` i `source` "
        "mówią, który limit, o ile i gdzie UE go opisuje.",
        "Split the goods into several statements. Nothing was changed.",
        "Podziel towary na kilka oświadczeń. Niczego nie zmieniono.",
    ),
    ProblemType(
        "budget_exceeded",
        400,
        "Over the work budget of one request",
        "Przekroczony budżet pracy jednego żądania",
        "The request asks for more work than one request may (plots, coordinate positions or "
        "distinct parcels); `limit`, `maximum` and `requested` say which limit and by how much.",
        "Żądanie wymaga więcej pracy, niż pozwala jedno żądanie (działki, pozycje współrzędnych "
        "lub różne działki ewidencyjne); `limit`, `maximum` i `requested` mówią, który limit i o ile.",
        "Split the work into several requests, or use the asynchronous jobs endpoint "
        "for large sets of plots.",
        "Podziel pracę na kilka żądań albo użyj zadań asynchronicznych dla dużych zbiorów działek.",
    ),
    ProblemType(
        "json_too_deep",
        400,
        "JSON nested too deeply",
        "Zbyt głęboko zagnieżdżony JSON",
        "The body nests arrays and objects deeper than the documented maximum (`limit`).",
        "Treść zagnieżdża tablice i obiekty głębiej niż opisane maksimum (`limit`).",
        "Send a flatter document; no field of this API needs deep nesting.",
        "Wyślij płaski dokument; żadne pole tego API nie wymaga głębokiego zagnieżdżenia.",
    ),
    ProblemType(
        "invalid_geometry",
        400,
        "Geometry refused",
        "Odrzucona geometria",
        "At least one plot's geometry breaks the GeoJSON rules; `errors` lists each plot with its "
        "index and diagnostic codes, and a repaired geometry where one is safe to offer.",
        "Geometria co najmniej jednej działki narusza zasady GeoJSON; `errors` wymienia każdą działkę "
        "z indeksem i kodami diagnostycznymi oraz poprawioną geometrią, jeśli można ją "
        "bezpiecznie zaproponować.",
        "Fix the geometry, or send back the repaired geometry offered; nothing was scored.",
        "Popraw geometrię albo odeślij zaproponowaną poprawioną; niczego nie oceniono.",
    ),
    ProblemType(
        "no_plots",
        400,
        "No plot in the body",
        "Brak działek w treści",
        "The body holds no plot to score.",
        "Treść nie zawiera żadnej działki do oceny.",
        "Send at least one plot: a point, a GeoJSON geometry or a Feature.",
        "Wyślij co najmniej jedną działkę: punkt, geometrię GeoJSON lub obiekt Feature.",
    ),
    ProblemType(
        "use_batch",
        400,
        "Several plots sent to the single endpoint",
        "Kilka działek wysłanych do punktu pojedynczego",
        "This endpoint scores one plot.",
        "Ten punkt ocenia jedną działkę.",
        "Send several plots to /api/eudr/v1/risk-score/batch (up to 500) or /api/eudr/v1/risk-score/jobs.",
        "Wyślij kilka działek do /api/eudr/v1/risk-score/batch (do 500) lub /api/eudr/v1/risk-score/jobs.",
    ),
    ProblemType(
        "invalid_body",
        400,
        "Invalid job body",
        "Nieprawidłowa treść zadania",
        "A job takes a JSON object, or a GeoJSON or CSV file uploaded as `file`.",
        "Zadanie przyjmuje obiekt JSON albo plik GeoJSON lub CSV przesłany jako `file`.",
        "Send one of those forms.",
        "Wyślij jedną z tych postaci.",
    ),
    ProblemType(
        "invalid_upload",
        400,
        "Invalid upload",
        "Nieprawidłowy plik",
        "The uploaded file cannot be read (it must be UTF-8 GeoJSON or CSV).",
        "Przesłanego pliku nie da się odczytać (musi to być GeoJSON lub CSV w UTF-8).",
        "Save the file as UTF-8 and upload it again.",
        "Zapisz plik w UTF-8 i prześlij ponownie.",
    ),
    ProblemType(
        "url_invalid",
        400,
        "Invalid webhook URL",
        "Nieprawidłowy adres webhooka",
        "The webhook URL cannot be parsed.",
        "Adresu webhooka nie da się odczytać.",
        "Send an absolute https:// URL.",
        "Podaj pełny adres https://.",
    ),
    ProblemType(
        "url_too_long",
        400,
        "Webhook URL too long",
        "Adres webhooka zbyt długi",
        "The webhook URL is longer than 2048 characters.",
        "Adres webhooka jest dłuższy niż 2048 znaków.",
        "Use a shorter URL.",
        "Użyj krótszego adresu.",
    ),
    ProblemType(
        "url_scheme_not_allowed",
        400,
        "Webhook URL must be https",
        "Adres webhooka musi używać https",
        "Webhooks are delivered over https only.",
        "Webhooki są dostarczane wyłącznie przez https.",
        "Serve your receiver over https with a valid certificate.",
        "Udostępnij odbiornik przez https z ważnym certyfikatem.",
    ),
    ProblemType(
        "url_credentials_not_allowed",
        400,
        "No credentials in webhook URLs",
        "Bez danych logowania w adresie",
        "The webhook URL contains a user name or password.",
        "Adres webhooka zawiera nazwę użytkownika lub hasło.",
        "Remove them; verify our signature (webhook-signature) instead.",
        "Usuń je; zamiast tego weryfikuj nasz podpis (webhook-signature).",
    ),
    ProblemType(
        "url_port_not_allowed",
        400,
        "Webhook port not allowed",
        "Niedozwolony port webhooka",
        "Webhooks are delivered only to the ports listed in the documentation (443 and 8443 by default).",
        "Webhooki są dostarczane tylko na porty wymienione w dokumentacji (domyślnie 443 i 8443).",
        "Serve your receiver on port 443 (or 8443).",
        "Udostępnij odbiornik na porcie 443 (lub 8443).",
    ),
    ProblemType(
        "url_unresolvable",
        400,
        "Webhook host not found",
        "Nie znaleziono hosta webhooka",
        "The host name of the webhook URL does not resolve.",
        "Nazwa hosta w adresie webhooka nie daje się rozwiązać.",
        "Check the host name and its DNS records.",
        "Sprawdź nazwę hosta i jego rekordy DNS.",
    ),
    ProblemType(
        "url_address_not_allowed",
        400,
        "Webhook address not allowed",
        "Niedozwolony adres webhooka",
        "The webhook URL points to an address or port we do not deliver to (private, "
        "loopback, link-local or other non-public addresses).",
        "Adres webhooka wskazuje na adres lub port, na który nie dostarczamy (prywatny, "
        "pętli zwrotnej, lokalny lub inny niepubliczny).",
        "Use a receiver reachable on a public address.",
        "Użyj odbiornika dostępnego pod publicznym adresem.",
    ),
    ProblemType(
        "unauthorized",
        401,
        "API key required",
        "Wymagany klucz API",
        "The request has no valid API key: it is missing, unknown, revoked or expired.",
        "Żądanie nie ma ważnego klucza API: brak klucza, klucz nieznany, unieważniony lub wygasły.",
        "Send `Authorization: Bearer <key>` or `X-API-Key: <key>` with a key from the panel.",
        "Wyślij `Authorization: Bearer <klucz>` lub `X-API-Key: <klucz>` z kluczem z panelu.",
    ),
    ProblemType(
        "forbidden",
        403,
        "Forbidden",
        "Brak uprawnień",
        "The request is authenticated but not allowed.",
        "Żądanie jest uwierzytelnione, ale niedozwolone.",
        "Check that you use the right account and key.",
        "Sprawdź, czy używasz właściwego konta i klucza.",
    ),
    ProblemType(
        "plan_required",
        403,
        "Not in your plan",
        "Funkcja poza planem",
        "Your plan does not include this feature; `plans` names the plans that do.",
        "Twój plan nie obejmuje tej funkcji; `plans` wymienia plany, które ją obejmują.",
        "Request an upgrade in the panel's plan page.",
        "Poproś o zmianę planu na stronie planu w panelu.",
    ),
    ProblemType(
        "webhook_mode_mismatch",
        409,
        "Event of the other mode",
        "Zdarzenie z innego trybu",
        "The delivery pairs a test event with a live webhook, or a live event with a test "
        "webhook (recorded before webhooks had a mode); it is not sent again.",
        "Doręczenie łączy zdarzenie testowe z webhookiem produkcyjnym albo odwrotnie "
        "(zapisane, zanim webhooki miały tryb); nie zostanie wysłane ponownie.",
        "Nothing to do: events now go only to webhooks of their own mode.",
        "Nic nie trzeba robić: zdarzenia trafiają teraz tylko do webhooków ich trybu.",
    ),
    ProblemType(
        "live_key_required",
        403,
        "Live key required",
        "Wymagany klucz produkcyjny",
        "A test key (`eudr_test_`) cannot read or change an account-wide live setting "
        "(EU Information System credentials, the organisation's roles, upstream references "
        "checked with the EU). Test keys work only with test objects.",
        "Klucz testowy (`eudr_test_`) nie może odczytać ani zmienić ustawień całego konta "
        "w trybie produkcyjnym (dane dostępowe do systemu informacyjnego UE, role organizacji, "
        "numery referencyjne dostawców sprawdzane w UE). Klucze testowe działają tylko na obiektach "
        "testowych.",
        "Make the call with a live key (`eudr_live_`) or in the panel.",
        "Wykonaj wywołanie kluczem produkcyjnym (`eudr_live_`) albo w panelu.",
    ),
    ProblemType(
        "not_found",
        404,
        "Not found",
        "Nie znaleziono",
        "Nothing exists at this address, or it belongs to another account.",
        "Pod tym adresem nic nie ma albo zasób należy do innego konta.",
        "Check the path and the identifier.",
        "Sprawdź ścieżkę i identyfikator.",
    ),
    ProblemType(
        "dds_not_found",
        404,
        "Statement not found",
        "Nie znaleziono oświadczenia",
        "No due diligence statement with this identifier is public, or in your account.",
        "Nie ma publicznego (lub należącego do Twojego konta) oświadczenia o tym identyfikatorze.",
        "Check the identifier; it is not case-sensitive.",
        "Sprawdź identyfikator; wielkość liter nie ma znaczenia.",
    ),
    ProblemType(
        "report_not_found",
        404,
        "Report not found",
        "Nie znaleziono raportu",
        "No CSRD report with this id in your account.",
        "Na Twoim koncie nie ma raportu CSRD o tym identyfikatorze.",
        "Use the Location returned when the report was requested.",
        "Użyj adresu z nagłówka Location otrzymanego przy zamówieniu raportu.",
    ),
    ProblemType(
        "parcel_not_found",
        404,
        "Parcel not found",
        "Nie znaleziono działki",
        "The national parcel register (GUGiK ULDK) has no parcel with this identifier.",
        "Krajowy rejestr działek (GUGiK ULDK) nie zna działki o tym identyfikatorze.",
        "Check the identifier (TERYT, precinct and parcel number) in the land register.",
        "Sprawdź identyfikator (TERYT, obręb i numer działki) w ewidencji gruntów.",
    ),
    ProblemType(
        "method_not_allowed",
        405,
        "Method not allowed",
        "Niedozwolona metoda",
        "This address does not accept this HTTP method; the Allow header lists those it does.",
        "Ten adres nie obsługuje tej metody HTTP; nagłówek Allow wymienia obsługiwane.",
        "Use one of the methods in Allow.",
        "Użyj jednej z metod z nagłówka Allow.",
    ),
    ProblemType(
        "not_acceptable",
        406,
        "Not acceptable",
        "Nieakceptowalny format",
        "We cannot answer in any format the Accept header allows.",
        "Nie możemy odpowiedzieć w żadnym formacie dopuszczonym przez nagłówek Accept.",
        "Accept application/json (or application/pdf where documented).",
        "Akceptuj application/json (lub application/pdf tam, gdzie to opisano).",
    ),
    ProblemType(
        "too_many_webhooks",
        409,
        "Webhook limit reached",
        "Osiągnięto limit webhooków",
        "The account already has the maximum number of webhooks.",
        "Konto ma już maksymalną liczbę webhooków.",
        "Delete a webhook you no longer use, or subscribe one webhook to more events.",
        "Usuń nieużywany webhook albo zasubskrybuj więcej zdarzeń jednym webhookiem.",
    ),
    ProblemType(
        "webhook_disabled",
        409,
        "Webhook disabled",
        "Webhook wyłączony",
        "The webhook is disabled, so nothing is sent to it.",
        "Webhook jest wyłączony, więc nic nie jest do niego wysyłane.",
        "Enable it (PATCH enabled=true) once the receiver works again.",
        "Włącz go (PATCH enabled=true), gdy odbiornik znowu działa.",
    ),
    ProblemType(
        "report_not_ready",
        409,
        "Report not ready",
        "Raport jeszcze nie gotowy",
        "The CSRD report is still being rendered.",
        "Raport CSRD jest jeszcze generowany.",
        _RETRY_EN,
        _RETRY_PL,
    ),
    ProblemType(
        "report_failed",
        409,
        "Report failed",
        "Generowanie raportu nie powiodło się",
        "Rendering the CSRD report failed; `detail` says why.",
        "Generowanie raportu CSRD nie powiodło się; `detail` podaje przyczynę.",
        "Request the report again; if it fails again, contact support with the report id.",
        "Zamów raport ponownie; jeśli błąd się powtórzy, skontaktuj się z pomocą, podając id raportu.",
    ),
    ProblemType(
        "pdf_failed",
        409,
        "PDF could not be rendered",
        "Nie udało się wygenerować pliku PDF",
        "Rendering the statement's PDF failed or went over a limit (`limit` names it); the "
        "statement itself is filed and unchanged.",
        "Generowanie pliku PDF oświadczenia nie powiodło się lub przekroczyło limit (`limit` go "
        "wskazuje); samo oświadczenie jest złożone i niezmienione.",
        "Use the JSON record (Accept: application/json); contact support if an ordinary statement fails.",
        "Skorzystaj z rekordu JSON (Accept: application/json); zgłoś się do pomocy, "
        "jeśli zwykłe oświadczenie nie daje się wygenerować.",
    ),
    ProblemType(
        "job_not_finished",
        409,
        "Job not finished",
        "Zadanie nie jest zakończone",
        "The job's results are offered once it is done.",
        "Wyniki zadania są dostępne po jego zakończeniu.",
        "Poll the job (GET .../jobs/{id}) until its status is done, or wait for risk.job_completed.",
        "Odpytuj zadanie (GET .../jobs/{id}) do zakończenia albo poczekaj na zdarzenie risk.job_completed.",
    ),
    ProblemType(
        "report_expired",
        410,
        "Report removed",
        "Raport usunięty",
        "The PDF was removed after the retention period.",
        "Plik PDF usunięto po upływie okresu przechowywania.",
        "Request the report again.",
        "Zamów raport ponownie.",
    ),
    ProblemType(
        "payload_too_large",
        413,
        "Body too large",
        "Zbyt duża treść żądania",
        "The request body is larger than the documented limit.",
        "Treść żądania przekracza opisany limit.",
        "Send less per request, or use the asynchronous endpoint where one exists.",
        "Wysyłaj mniej w jednym żądaniu albo użyj punktu asynchronicznego, jeśli istnieje.",
    ),
    ProblemType(
        "unsupported_media_type",
        415,
        "Unsupported media type",
        "Nieobsługiwany typ treści",
        "The body's Content-Type is not one this endpoint reads.",
        "Typ treści (Content-Type) nie jest obsługiwany przez ten punkt.",
        "Send Content-Type: application/json.",
        "Wyślij nagłówek Content-Type: application/json.",
    ),
    ProblemType(
        "idempotency_key_reused",
        422,
        "Idempotency-Key reused",
        "Ponownie użyty Idempotency-Key",
        "This Idempotency-Key was already used with a different request body.",
        "Ten Idempotency-Key użyto już z inną treścią żądania.",
        "Use a new key for a new request; resend the same body to get the first answer again.",
        "Użyj nowego klucza dla nowego żądania; ta sama treść zwraca pierwszą odpowiedź.",
    ),
    ProblemType(
        "quota_exceeded",
        429,
        "Daily quota used up",
        "Wyczerpany limit dzienny",
        "Your account used its plan's requests for today (UTC); the count resets at midnight UTC.",
        "Konto wykorzystało dzisiejszy (UTC) limit żądań planu; licznik zeruje się o północy UTC.",
        "Wait for the reset (X-RateLimit-Reset), or request a larger plan in the panel.",
        "Poczekaj na wyzerowanie (X-RateLimit-Reset) albo poproś o większy plan w panelu.",
    ),
    ProblemType(
        "rate_limited",
        429,
        "Too many requests",
        "Zbyt wiele żądań",
        "Too many requests in a short time (the per-minute limit, or a limited action).",
        "Zbyt wiele żądań w krótkim czasie (limit na minutę lub limit danej czynności).",
        _RETRY_EN,
        _RETRY_PL,
    ),
    ProblemType(
        "internal_error",
        500,
        "Internal error",
        "Błąd wewnętrzny",
        "Something failed on our side. The X-Request-ID header identifies the request in our logs.",
        "Coś zawiodło po naszej stronie. Nagłówek X-Request-ID identyfikuje żądanie w naszych logach.",
        "Retry later; if it persists, contact support with the X-Request-ID.",
        "Spróbuj później; jeśli błąd się powtarza, zgłoś go z wartością X-Request-ID.",
    ),
    ProblemType(
        "service_unavailable",
        503,
        "Briefly unavailable",
        "Chwilowo niedostępne",
        "A service we depend on (database) is briefly unavailable.",
        "Usługa, od której zależymy (baza danych), jest chwilowo niedostępna.",
        _RETRY_EN,
        _RETRY_PL,
    ),
    ProblemType(
        "quota_unavailable",
        503,
        "Request counting unavailable",
        "Liczenie żądań niedostępne",
        "Request counting is briefly unavailable, and your plan is not served uncounted.",
        "Liczenie żądań jest chwilowo niedostępne, a Twój plan nie jest obsługiwany bez liczenia.",
        _RETRY_EN,
        _RETRY_PL,
    ),
    ProblemType(
        "parcel_service_unavailable",
        503,
        "Parcel service unavailable",
        "Usługa działek niedostępna",
        "The national parcel service (GUGiK ULDK) is unreachable and we hold no copy of the parcel.",
        "Krajowa usługa działek (GUGiK ULDK) jest nieosiągalna, a nie mamy kopii tej działki.",
        _RETRY_EN,
        _RETRY_PL,
    ),
    ProblemType(
        "eu_credentials_not_found",
        404,
        "EU credentials not found",
        "Nie znaleziono danych dostępowych UE",
        "No EU Information System credentials are stored for this account.",
        "Dla tego konta nie zapisano danych dostępowych do systemu informacyjnego UE.",
        "Store them with PUT /api/eudr/v1/eu-is/credentials.",
        "Zapisz je przez PUT /api/eudr/v1/eu-is/credentials.",
    ),
    ProblemType(
        "sd_not_found",
        404,
        "Simplified declaration not found",
        "Nie znaleziono uproszczonej deklaracji",
        "No simplified declaration with this identifier in your account.",
        "Na Twoim koncie nie ma uproszczonej deklaracji o tym identyfikatorze.",
        "Check the identifier; it is not case-sensitive.",
        "Sprawdź identyfikator; wielkość liter nie ma znaczenia.",
    ),
    ProblemType(
        "dds_already_withdrawn",
        409,
        "Already withdrawn",
        "Już wycofane",
        "This statement is already withdrawn.",
        "To oświadczenie jest już wycofane.",
        "Nothing to do.",
        "Nic nie trzeba robić.",
    ),
    ProblemType(
        "eu_submission_in_progress",
        409,
        "Submission in progress",
        "Wysyłka w toku",
        "The statement is being sent to the EU Information System right now.",
        "Oświadczenie jest właśnie wysyłane do systemu informacyjnego UE.",
        "Try again in a minute.",
        "Spróbuj ponownie za minutę.",
    ),
    ProblemType(
        "eu_withdraw_not_allowed_for_status",
        409,
        "Withdrawal not allowed",
        "Wycofanie niedozwolone",
        "The EU allows withdrawal only while the statement is SUBMITTED or AVAILABLE there.",
        "UE pozwala wycofać oświadczenie tylko w statusie SUBMITTED lub AVAILABLE.",
        "See eu_is.status on the statement.",
        "Zobacz eu_is.status oświadczenia.",
    ),
    ProblemType(
        "eu_withdraw_window_closed",
        409,
        "Withdrawal window closed",
        "Minął termin wycofania",
        "The EU allows withdrawal within 72 hours of submission; that time has passed.",
        "UE pozwala wycofać oświadczenie w ciągu 72 godzin od złożenia; ten czas minął.",
        "Contact the competent authority.",
        "Skontaktuj się z właściwym organem.",
    ),
    ProblemType(
        "eu_credentials_refused",
        422,
        "EU credentials refused",
        "UE odrzuciła dane dostępowe",
        "The EU Information System refused the credentials when they were tried before storing "
        "(wrong username, authentication key or web service client id). Nothing was stored; "
        "credentials stored before are unchanged.",
        "System informacyjny UE odrzucił dane dostępowe podczas próby przed zapisaniem "
        "(zła nazwa użytkownika, klucz uwierzytelniający lub identyfikator klienta usługi "
        "sieciowej). Niczego nie zapisano; wcześniej zapisane dane pozostają bez zmian.",
        "Copy the username and the authentication key from “Web Services Access” in your EU "
        "profile, check the client id and the environment, and send them again.",
        "Skopiuj nazwę użytkownika i klucz uwierzytelniający z sekcji „Web Services Access” "
        "w profilu UE, sprawdź identyfikator klienta i środowisko, a następnie wyślij je ponownie.",
    ),
    ProblemType(
        "eu_credentials_missing",
        409,
        "EU credentials missing",
        "Brak danych dostępowych UE",
        "This account has no EU credentials for the environment this service uses.",
        "To konto nie ma danych dostępowych UE dla środowiska używanego przez usługę.",
        "Store them with PUT /api/eudr/v1/eu-is/credentials.",
        "Zapisz je przez PUT /api/eudr/v1/eu-is/credentials.",
    ),
    ProblemType(
        "eu_withdraw_refused",
        409,
        "Withdrawal refused by the EU",
        "UE odrzuciła wycofanie",
        "The EU Information System refused the withdrawal; its codes are in the detail.",
        "System informacyjny UE odrzucił wycofanie; jego kody są w opisie.",
        "Check the EU's codes.",
        "Sprawdź kody UE.",
    ),
    ProblemType(
        "eu_unavailable",
        409,
        "EU Information System unavailable",
        "System informacyjny UE niedostępny",
        "The EU Information System did not answer; nothing was changed.",
        "System informacyjny UE nie odpowiedział; nic nie zmieniono.",
        _RETRY_EN,
        _RETRY_PL,
    ),
    ProblemType(
        "eu_amend_wrong_kind",
        409,
        "Amend at the declaration's own address",
        "Zmień pod adresem deklaracji",
        "A simplified declaration is amended with a simplified-declaration body, a statement with a "
        "statement body.",
        "Deklarację uproszczoną zmienia się treścią deklaracji uproszczonej, oświadczenie treścią "
        "oświadczenia.",
        "POST to /api/eudr/v1/simplified-declarations/{id}/amend for a declaration.",
        "Wyślij POST na /api/eudr/v1/simplified-declarations/{id}/amend dla deklaracji.",
    ),
    ProblemType(
        "eu_amend_not_allowed_for_status",
        409,
        "Amendment not allowed",
        "Zmiana niedozwolona",
        "The EU accepts amendments only while the statement is AVAILABLE there.",
        "UE przyjmuje zmiany tylko dla oświadczeń w statusie AVAILABLE.",
        "See eu_is.status on the statement.",
        "Zobacz eu_is.status oświadczenia.",
    ),
    ProblemType(
        "eu_amend_window_closed",
        409,
        "Amendment window closed",
        "Minął termin zmiany",
        "The EU accepts amendments within 72 hours of submission; that time has passed.",
        "UE przyjmuje zmiany w ciągu 72 godzin od złożenia; ten czas minął.",
        "File a new statement instead.",
        "Złóż nowe oświadczenie.",
    ),
    ProblemType(
        "eu_amend_activity_change",
        409,
        "Activity cannot change",
        "Rodzaj działalności nie może się zmienić",
        "The activity of a statement cannot change in an amendment.",
        "Rodzaju działalności nie można zmienić w poprawce.",
        "File a new statement.",
        "Złóż nowe oświadczenie.",
    ),
    ProblemType(
        "eu_amend_too_large",
        409,
        "Amendment too large",
        "Zbyt duża zmiana",
        "An amendment is screened in the request and may hold only a limited number of plots.",
        "Zmiana jest sprawdzana w żądaniu i może mieć ograniczoną liczbę działek.",
        "File a new statement.",
        "Złóż nowe oświadczenie.",
    ),
    ProblemType(
        "amendment_not_compliant",
        409,
        "Amendment not compliant",
        "Zmiana niezgodna",
        "The amended statement would not be compliant; nothing was changed.",
        "Zmienione oświadczenie nie byłoby zgodne; nic nie zmieniono.",
        "See the detail for the screening's findings.",
        "Zobacz opis z wynikami sprawdzenia.",
    ),
    ProblemType(
        "eu_amend_not_mappable",
        409,
        "Amendment cannot be sent",
        "Zmiany nie można wysłać",
        "The amended statement lacks something the EU requires.",
        "Zmienionemu oświadczeniu brakuje danych wymaganych przez UE.",
        "See the detail.",
        "Zobacz opis.",
    ),
    ProblemType(
        "eu_amend_refused",
        409,
        "Amendment refused by the EU",
        "UE odrzuciła zmianę",
        "The EU Information System refused the amendment; its codes are in the detail. Nothing was changed.",
        "System informacyjny UE odrzucił zmianę; jego kody są w opisie. Nic nie zmieniono.",
        "Check the EU's codes.",
        "Sprawdź kody UE.",
    ),
    ProblemType(
        "retention_period_running",
        409,
        "Record still within its retention period",
        "Zapis w okresie obowiązkowego przechowywania",
        "Supplier and customer records must be kept for five years from the consignment date "
        "(Article 5(4) of Regulation (EU) 2023/1115 as amended); `retained_until` is the last day. "
        "Nothing was deleted.",
        "Dane dostawców i odbiorców trzeba przechowywać przez pięć lat od daty dostawy (art. 5 "
        "ust. 4 rozporządzenia (UE) 2023/1115 w brzmieniu zmienionym); `retained_until` to ostatni "
        "dzień. Niczego nie usunięto.",
        "Keep the record; the service deletes it automatically after `retained_until`.",
        "Zachowaj zapis; serwis usunie go automatycznie po dniu `retained_until`.",
    ),
)

PROBLEM_TYPES: dict[str, ProblemType] = {row.code: row for row in _ROWS}


def problem_type(code: str) -> ProblemType | None:
    return PROBLEM_TYPES.get(code)
