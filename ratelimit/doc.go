// Package ratelimit is the metering domain of the API: organisations, API
// keys and public keys, plans with their monthly quotas and per-second
// limits, billing periods, pay-as-you-go tokens (an organisation's balance
// and its append-only ledger), idempotency records of retried POSTs, usage
// reports, and the Decision a request gets when it asks to be charged. Two
// stores implement it: Redis (shared by every instance) and an in-process
// memory store (one instance, tests and development).
//
// The package knows nothing of HTTP: the api package turns Decisions into
// status codes and headers. A test forbids a net/http dependency.
package ratelimit
