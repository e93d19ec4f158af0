"""The API's router: every resource endpoint is a viewset registered here by its app.

It is DRF's SimpleRouter with the API's own spelling:

- paths without a trailing slash, written with path converters (`<str:dds_id>`), as
  the specification and the published OpenAPI document spell them;
- a resource without an id in its path (one per account: the EU credentials, the
  organisation's roles; or a question: the risk score of a location) is read with the
  viewset's `show` (GET; one object, where `list` would be a page of many), replaced
  with `replace` (PUT) and cleared with `clear` (DELETE).

Each viewset names its path parameter (`lookup_url_kwarg`) and converter
(`lookup_value_converter`); extra endpoints of a resource are `@action`s.
"""

from __future__ import annotations

from rest_framework.routers import SimpleRouter

COLLECTION = {"get": "list", "post": "create", "put": "replace", "delete": "clear"}


class ApiRouter(SimpleRouter):
    routes = [
        SimpleRouter.routes[0]._replace(mapping=COLLECTION),
        *SimpleRouter.routes[1:],
    ]

    def __init__(self) -> None:
        super().__init__(trailing_slash=False, use_regex_path=False)

    def get_method_map(self, viewset: type, method_map: dict[str, str]) -> dict[str, str]:
        bound = super().get_method_map(viewset, method_map)
        if method_map is COLLECTION and hasattr(viewset, "show"):
            bound["get"] = "show"
        return bound
