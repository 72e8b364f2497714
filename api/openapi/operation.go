package openapi

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The parts of one operation's schema (operation, openapi.go).

// description is the operation's description: its own text, the parameter
// rules the schema cannot express, and the notes on auth, weight, plan and
// idempotency; and the rules themselves (x-parameter-rules).
func description(op Operation, def opDef, idempotent bool) (string, []string) {
	desc := strings.TrimSpace(def.Description)
	var notes []string
	switch op.Auth {
	case AuthOpen:
		notes = append(notes, "Open: no key needed; a key that is sent is validated and its usage counted.")
	case AuthPublicKey:
		notes = append(notes, "Public key only (browser relay).")
	default:
		notes = append(notes, "Requires an API key.")
	}
	switch {
	case op.WeightRule != nil:
		notes = append(notes, fmt.Sprintf("Costs %s (x-call-weight-rule; X-Call-Weight on the response says what was charged).", op.WeightRule["summary"]))
	case op.Weight == 0:
		notes = append(notes, "Free: not counted against the quota.")
	default:
		notes = append(notes, fmt.Sprintf("Costs %d call(s).", op.Weight))
	}
	if op.MinPlan != "" {
		notes = append(notes, fmt.Sprintf("Needs the %s plan or above.", op.MinPlan))
	}
	if idempotent {
		notes = append(notes, "Send an Idempotency-Key header to make retries safe: a retry with the same key and request within 24 hours returns the first response and is not charged again.")
	}
	notes = append(notes, "The path also answers with a trailing slash, under /api and /api/v1.")
	rules := append([]string(nil), def.Rules...)
	if idempotent {
		rules = append(rules, "an Idempotency-Key names one request: sent again with a different request it is 422 idempotency_key_reused")
	}
	if len(rules) > 0 {
		if desc != "" {
			desc += "\n\n"
		}
		desc += "Parameter rules (not expressible in the schema): " + strings.Join(rules, "; ") + "."
	}
	if desc != "" {
		desc += "\n\n"
	}
	desc += strings.Join(notes, " ")

	return desc, rules
}

// successResponses are the success response (its content and headers:
// metering, idempotency, data source, cache validators) and the 304 of a
// cacheable operation.
func successResponses(op Operation, def opDef, idempotent bool) (map[string]any, error) {
	ct := def.ContentType
	if ct == "" {
		ct = "application/json"
	}
	rs, err := expand(def.Response)
	if err != nil {
		return nil, fmt.Errorf("response: %w", err)
	}
	content := map[string]any{ct: map[string]any{"schema": rs}}
	if def.YAML {
		// No type: the same document as YAML text (a client that parses
		// YAML sees the object).
		content["application/yaml"] = map[string]any{"schema": map[string]any{"description": "The document as YAML."}}
	}
	for k, v := range def.AltContent {
		content[k] = v
	}
	ok := map[string]any{"description": "Success", "content": content}
	if op.Weight > 0 || op.WeightRule != nil || op.Auth != AuthOpen {
		ok["headers"] = map[string]any{
			"X-Call-Weight":         map[string]any{"$ref": "#/components/headers/X-Call-Weight"},
			"X-RateLimit-Limit":     map[string]any{"$ref": "#/components/headers/X-RateLimit-Limit"},
			"X-RateLimit-Remaining": map[string]any{"$ref": "#/components/headers/X-RateLimit-Remaining"},
			"X-RateLimit-Reset":     map[string]any{"$ref": "#/components/headers/X-RateLimit-Reset"},
			"X-Tokens-Charged":      map[string]any{"$ref": "#/components/headers/X-Tokens-Charged"},
			"X-Tokens-Balance":      map[string]any{"$ref": "#/components/headers/X-Tokens-Balance"},
		}
		if idempotent {
			ok["headers"].(map[string]any)["Idempotent-Replayed"] = map[string]any{"$ref": "#/components/headers/Idempotent-Replayed"}
		}
		if op.Name == "postcode.profile" {
			// The Free plan's per-endpoint allowance (25 a period).
			hs := ok["headers"].(map[string]any)
			hs["X-RateLimit-Endpoint-Limit"] = map[string]any{"$ref": "#/components/headers/X-RateLimit-Endpoint-Limit"}
			hs["X-RateLimit-Endpoint-Remaining"] = map[string]any{"$ref": "#/components/headers/X-RateLimit-Endpoint-Remaining"}
		}
	}
	if len(def.Headers) > 0 {
		hs, _ := ok["headers"].(map[string]any)
		if hs == nil {
			hs = map[string]any{}
			ok["headers"] = hs
		}
		for name, h := range def.Headers {
			hs[name] = h
		}
	}
	okStatus := "200"
	if def.Status != 0 {
		okStatus = strconv.Itoa(def.Status)
		ok["description"] = statusText(def.Status)
		if def.Status == 204 {
			delete(ok, "content")
		}
	}
	if op.Data {
		addHeaderRefs(ok, "X-Data-Source", "X-Data-Release", "X-Data-Epoch")
	}
	if len(def.Links) > 0 {
		ok["links"] = def.Links
	}
	responses := map[string]any{okStatus: ok}
	if def.NoContent != "" {
		responses["204"] = map[string]any{"description": def.NoContent}
	}
	if op.Cacheable {
		addHeaderRefs(ok, "ETag", "Cache-Control")
		responses["304"] = map[string]any{"$ref": "#/components/responses/NotModified"}
	}

	return responses, nil
}

// errorResponses adds the operation's error responses to responses: its
// own, those its parameters and flags imply, and the shared ones.
func errorResponses(op Operation, def opDef, idempotent bool, responses map[string]any) {
	errs := map[int][]string{}
	for st, codes := range def.Errors {
		errs[st] = append(errs[st], codes...)
	}
	if idempotent {
		errs[400] = append(errs[400], "bad_request")
		errs[409] = append(errs[409], "idempotency_key_in_use", "idempotent_response_unavailable")
		errs[413] = append(errs[413], "request_too_large")
		errs[422] = append(errs[422], "idempotency_key_reused")
	}
	// Place lookups: a valid postcode the data does not cover, or a UPRN
	// without a location, are 404s with their own codes wherever a postcode
	// or UPRN is taken.
	for _, p := range def.Parameters {
		switch pm := p.(map[string]any); {
		case strings.HasPrefix(fmt.Sprint(pm["$ref"]), "#/components/parameters/Postcode"):
			errs[404] = append(errs[404], "not_found", "data_not_available")
			if op.Name != "postcode.profile" { // answers a terminated postcode with its successors
				errs[410] = append(errs[410], "postcode_terminated")
			}
		case strings.HasPrefix(fmt.Sprint(pm["$ref"]), "#/components/parameters/UPRN"):
			errs[404] = append(errs[404], "not_found", "no_geopoint")
		}
	}
	// A dataset the operation reads may not be loaded on this server: 404
	// dataset_not_loaded, never a 503.
	if op.Data {
		errs[404] = append(errs[404], "dataset_not_loaded")
	}
	for st, codes := range errs {
		slices.Sort(codes)
		responses[strconv.Itoa(st)] = errorResponse(st, slices.Compact(codes))
	}
	// Shared responses: every operation goes through the gate and the engine.
	// An operation's own definition of one of these statuses wins.
	shared := func(status, name string) {
		if _, ok := responses[status]; !ok {
			responses[status] = map[string]any{"$ref": "#/components/responses/" + name}
		}
	}
	shared("401", "Unauthorized")
	if op.MinPlan != "" || op.Auth == AuthPublicKey {
		shared("403", "Forbidden")
	}
	shared("414", "URITooLong")
	if op.Weight > 0 || op.WeightRule != nil { // the relay charges the relayed operation
		shared("402", "PaymentRequired")
	}
	shared("429", "RateLimited")
	shared("500", "Internal")
	shared("503", "Unavailable")
	shared("504", "Timeout")
}

// addHeaderRefs adds $refs to the named components/headers to a response.
func addHeaderRefs(resp map[string]any, names ...string) {
	hs, _ := resp["headers"].(map[string]any)
	if hs == nil {
		hs = map[string]any{}
		resp["headers"] = hs
	}
	for _, n := range names {
		hs[n] = map[string]any{"$ref": "#/components/headers/" + n}
	}
}
