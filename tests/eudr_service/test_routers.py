"""Every resource endpoint of the API is a viewset action registered on an ApiRouter
(the design card: apps own models and DRF viewsets); the documents about the API are
the only other DRF views on API paths."""

from __future__ import annotations

from rest_framework.viewsets import ViewSetMixin

from eudr_service.lib.routers import ApiRouter
from tests.security.test_route_walk import routes

# Not resources: the API's own documentation and the badge's script file.
NOT_RESOURCES = {
    "schema": "the OpenAPI document",
    "swagger-ui": "the OpenAPI document rendered",
    "redoc": "the OpenAPI document rendered",
    "widget-script": "a static script file the badge loads",
}


def test_every_api_endpoint_is_a_viewset_action():
    outside = {
        route.name
        for route in routes()
        if route.is_api and route.drf_view is not None and not issubclass(route.drf_view, ViewSetMixin)
    }
    assert outside == set(NOT_RESOURCES)


def _routers() -> tuple[ApiRouter, ...]:
    from annual.urls import router as annual_router
    from compliance.urls import router as compliance_router
    from eu_filing.urls import router as eu_filing_router
    from evidence.urls import router as evidence_router
    from reports.urls import router as reports_router
    from risk.urls import router as risk_router
    from suppliers.urls import router as suppliers_router
    from webhooks.urls import router as webhooks_router

    return (
        annual_router,
        compliance_router,
        eu_filing_router,
        evidence_router,
        reports_router,
        risk_router,
        suppliers_router,
        webhooks_router,
    )


def test_the_viewsets_are_those_the_routers_registered():
    routers = _routers()
    registered = {viewset for router in routers for _prefix, viewset, _basename in router.registry}
    served = {route.drf_view for route in routes() if route.is_api and route.drf_view is not None}
    assert served - {r.drf_view for r in routes() if r.name in NOT_RESOURCES} == registered
    assert all(isinstance(router, ApiRouter) for router in routers)


def test_each_prefix_has_one_owner():
    # One viewset per resource address: a second app mounting its own actions on a prefix
    # another registered split one resource over two routers (the statements' withdraw
    # and amend once were).
    owners: dict[str, list[str]] = {}
    for router in _routers():
        for prefix, viewset, _basename in router.registry:
            owners.setdefault(prefix, []).append(f"{viewset.__module__}.{viewset.__name__}")
    assert {prefix: names for prefix, names in owners.items() if len(names) > 1} == {}
    assert owners["api/eudr/v1/dds"] == ["compliance.views.DDSViewSet"]
    assert owners["api/eudr/v1/simplified-declarations"] == ["compliance.views.SDViewSet"]


def test_a_statement_is_withdrawn_and_amended_at_its_own_address():
    by_name = {route.name: route for route in routes() if route.is_api}
    for kind, lookup in (("dds", "dds_id"), ("sd", "sd_id")):
        for suffix in ("detail", "pdf", "evidence", "withdraw", "amend"):
            assert f"<str:{lookup}>" in by_name[f"{kind}-{suffix}"].pattern, suffix
        assert by_name[f"{kind}-withdraw"].drf_view is by_name[f"{kind}-detail"].drf_view
        assert by_name[f"{kind}-amend"].drf_view is by_name[f"{kind}-pdf"].drf_view


def test_a_collection_without_ids_is_read_with_show():
    # The EU credentials: GET, PUT and DELETE at one path, no id.
    route = next(r for r in routes() if r.pattern == "api/eudr/v1/eu-is/credentials")
    # (DRF adds `head` beside `get` once the view has answered a request.)
    actions = {method: name for method, name in route.callback.actions.items() if method != "head"}
    assert actions == {"get": "show", "put": "replace", "delete": "clear"}
