"""The operators' web panel: session-authenticated pages over the same services as the API."""
