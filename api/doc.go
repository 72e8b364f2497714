// Package api is the HTTP surface of the UK property data service.
//
// Every route is one line in routes.go with its call weight, plan gate and
// authentication mode. Handlers have the shape func(w, r) error; one adapter
// (handle) turns any returned error into the JSON error envelope
// {"error":{"code":"...","message":"..."}} so no handler writes errors itself.
// Handlers read OpenSearch through the Backend interface (implemented by
// package api/search), which keeps them testable with a fake.
package api
