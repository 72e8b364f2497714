// Package openapi builds the service's OpenAPI 3.1 document from the route
// table (passed in as Operations) and the per-operation definitions embedded
// from operations.yaml: parameters, the success response schema and the
// endpoint-specific error codes. Method, path, auth, call weight and plan gate
// always come from the route table, so they cannot drift from the router.
package openapi

import (
	_ "embed"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/ukpd/propertyapi/mappings"
)

//go:embed operations.yaml
var definitions []byte

// Auth says how an operation authenticates (mirrors api.AuthMode).
type Auth int

// Auth modes.
const (
	AuthKey Auth = iota
	AuthOpen
	AuthPublicKey
)

// Operation is one route of the table, as the document needs it.
type Operation struct {
	Name    string
	Method  string // GET, POST, PATCH, DELETE
	Path    string // relative to the server URL (/api or /api/v1), e.g. /address/find
	Auth    Auth
	Weight  int
	MinPlan string // "" = every plan
	CORS    bool
	Summary string
	// Cacheable answers carry ETag and Cache-Control and honour
	// If-None-Match with a 304 that is not charged.
	Cacheable bool
	// Data operations serve the loaded datasets: their answers carry
	// X-Data-Source and X-Data-Release, and they may answer 404
	// dataset_not_loaded.
	Data bool
	// WeightRule states a charge that varies with the request (rendered as
	// x-call-weight-rule): "summary" is the rule in words, "rule" its kind
	// and the other members its figures. Nil: Weight is the charge.
	WeightRule map[string]any
}

// Info is the document's info object.
type Info struct {
	Title       string
	Version     string
	Description string
	// Examples are parameter examples from the data being served, keyed by
	// "operation.parameter" or by parameter name for every operation
	// (e.g. "uprn", "postcode", "listings.get.id"). They become the
	// parameters' example, so documentation and contract fuzzers start
	// from ids that exist.
	Examples map[string]any
}

// lowestPlan is the x-plan-gate of operations every plan may call.
const lowestPlan = "free"

type defs struct {
	Components map[string]any   `yaml:"components"`
	Operations map[string]opDef `yaml:"operations"`
}

type opDef struct {
	Tags        []string `yaml:"tags"`
	Description string   `yaml:"description"`
	Parameters  []any    `yaml:"parameters"`
	Request     any      `yaml:"request"`
	Response    any      `yaml:"response"`
	ContentType string   `yaml:"content_type"`
	// RequestContent, when set, is the request body's content by media
	// type (uploads); it replaces the JSON body of Request.
	RequestContent map[string]any   `yaml:"request_content"`
	AltContent     map[string]any   `yaml:"alt_content"`
	YAML           bool             `yaml:"yaml"`
	Errors         map[int][]string `yaml:"errors"`
	// Rules are constraints between parameters that OpenAPI 3.1 cannot
	// express (one location form of several, a pair given together). They
	// are rendered in the description and as x-parameter-rules; a request
	// breaking one is 422 (or 400 for the spec's filter_required).
	Rules []string `yaml:"rules"`
	// Status is the success status when it is not 200 (201 created,
	// 204 no content: no body).
	Status int `yaml:"status"`
	// Headers are the operation's own success response headers (name →
	// OpenAPI header object), beside the metering headers every keyed
	// operation sends.
	Headers map[string]any `yaml:"headers"`
	// NoContent, when set, is a 204 (no body) the operation answers
	// besides its success response, and says when.
	NoContent string `yaml:"no_content"`
	// Links are the success response's OpenAPI links (name → link
	// object): the operations its answer leads to.
	Links map[string]any `yaml:"links"`
}

func load() (*defs, error) {
	var d defs
	if err := yaml.Unmarshal(definitions, &d); err != nil {
		return nil, fmt.Errorf("openapi: parse operations.yaml: %w", err)
	}
	return &d, nil
}

// Names returns the operation names defined in operations.yaml, sorted.
func Names() ([]string, error) {
	d, err := load()
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(d.Operations))
	for n := range d.Operations {
		out = append(out, n)
	}
	sort.Strings(out)
	return out, nil
}

// Check reports every route without a definition and every definition
// without a route, and path templates whose variables do not match the
// declared path parameters.
func Check(ops []Operation) error {
	d, err := load()
	if err != nil {
		return err
	}
	var probs []string
	seen := map[string]bool{}
	for _, op := range ops {
		seen[op.Name] = true
		def, ok := d.Operations[op.Name]
		if !ok {
			probs = append(probs, fmt.Sprintf("route %s (%s %s) has no entry in operations.yaml", op.Name, op.Method, op.Path))
			continue
		}
		if def.Response == nil {
			probs = append(probs, fmt.Sprintf("operation %s has no response schema", op.Name))
		}
		want := pathVars(op.Path)
		got := map[string]bool{}
		for _, p := range def.Parameters {
			pm := resolveParam(d, p)
			if pm["in"] == "path" {
				got[fmt.Sprint(pm["name"])] = true
			}
		}
		for v := range want {
			if !got[v] {
				probs = append(probs, fmt.Sprintf("operation %s: path variable {%s} has no path parameter", op.Name, v))
			}
		}
		for v := range got {
			if !want[v] {
				probs = append(probs, fmt.Sprintf("operation %s: path parameter %s is not in %s", op.Name, v, op.Path))
			}
		}
	}
	for n := range d.Operations {
		if !seen[n] {
			probs = append(probs, fmt.Sprintf("operations.yaml defines %s, which is not in the route table", n))
		}
	}
	if len(probs) > 0 {
		sort.Strings(probs)
		return fmt.Errorf("openapi: %s", strings.Join(probs, "; "))
	}
	return nil
}

var pathVarRE = regexp.MustCompile(`\{([a-z_]+)\}`)

func pathVars(path string) map[string]bool {
	out := map[string]bool{}
	for _, m := range pathVarRE.FindAllStringSubmatch(path, -1) {
		out[m[1]] = true
	}
	return out
}

func resolveParam(d *defs, p any) map[string]any {
	pm, _ := p.(map[string]any)
	if ref, ok := pm["$ref"].(string); ok {
		name := strings.TrimPrefix(ref, "#/components/parameters/")
		params, _ := d.Components["parameters"].(map[string]any)
		rp, _ := params[name].(map[string]any)
		return rp
	}
	return pm
}

// Build assembles the OpenAPI 3.1 document for ops. It fails when an
// operation has no definition (see Check).
func Build(ops []Operation, info Info) (map[string]any, error) {
	if err := Check(ops); err != nil {
		return nil, err
	}
	d, err := load()
	if err != nil {
		return nil, err
	}
	schemas := map[string]any{
		// Every stored field of a property record, typed from the document
		// struct: tiers, parts and the complete record render these names.
		"PropertyFields": StructSchema(mappings.Property{}),
	}
	if cs, ok := d.Components["schemas"].(map[string]any); ok {
		for n, s := range cs {
			e, err := expand(s)
			if err != nil {
				return nil, fmt.Errorf("openapi: schema %s: %w", n, err)
			}
			schemas[n] = e
		}
	}
	components := map[string]any{
		"schemas":    schemas,
		"parameters": d.Components["parameters"],
		"headers":    meterHeaders(),
		"responses": map[string]any{
			"Unauthorized": errorResponse(401, []string{"authentication_required"}),
			"NotModified": map[string]any{
				"description": "Not modified: If-None-Match holds the current ETag. No body, and not charged (X-Call-Weight: 0).",
				"headers": map[string]any{
					"ETag":          map[string]any{"$ref": "#/components/headers/ETag"},
					"X-Call-Weight": map[string]any{"$ref": "#/components/headers/X-Call-Weight"},
				},
			},
			"Forbidden":       errorResponse(403, []string{"endpoint_not_allowed"}),
			"RateLimited":     errorResponse(429, []string{"rate_limit_exceeded"}),
			"PaymentRequired": errorResponse(402, []string{"insufficient_balance"}),
			"Internal":        errorResponse(500, []string{"internal_error"}),
			"Unavailable":     errorResponse(503, []string{"service_unavailable"}),
			"Timeout":         errorResponse(504, []string{"upstream_timeout"}),
			"URITooLong":      errorResponse(414, []string{"request_too_large"}),
		},
		"securitySchemes": map[string]any{
			"ApiKey": map[string]any{
				"type": "apiKey", "in": "header", "name": "Authorization",
				"description": "Send `Authorization: Api-Key <API_KEY>`. Bearer is refused.",
			},
			"ApiKeyQuery": map[string]any{
				"type": "apiKey", "in": "query", "name": "api_key",
				"description": "`?api_key=<API_KEY>`, for testing only: keys in URLs reach logs and history.",
			},
			"PublicKey": map[string]any{
				"type": "apiKey", "in": "header", "name": "Authorization",
				"description": "Browser relay only: `Authorization: Public-Key <PUBLIC_KEY>`, scoped to tool slugs and allowed origins.",
			},
		},
	}

	paths := map[string]any{}
	tagSet := map[string]bool{}
	for _, op := range ops {
		def := d.Operations[op.Name]
		o, err := operation(op, def)
		if err != nil {
			return nil, fmt.Errorf("openapi: operation %s: %w", op.Name, err)
		}
		for _, t := range def.Tags {
			tagSet[t] = true
		}
		item, _ := paths[op.Path].(map[string]any)
		if item == nil {
			item = map[string]any{}
			paths[op.Path] = item
		}
		if ps, ok := o["parameters"].([]any); ok && len(info.Examples) > 0 {
			o["parameters"] = withExamples(d, op.Name, ps, info.Examples)
		}
		item[strings.ToLower(op.Method)] = o
	}
	var tags []any
	var tagNames []string
	for t := range tagSet {
		tagNames = append(tagNames, t)
	}
	sort.Strings(tagNames)
	for _, t := range tagNames {
		tags = append(tags, map[string]any{"name": t})
	}

	return map[string]any{
		"openapi":           "3.1.0",
		"jsonSchemaDialect": "https://spec.openapis.org/oas/3.1/dialect/base",
		"info": map[string]any{
			"title":       info.Title,
			"version":     info.Version,
			"description": info.Description,
			"license":     map[string]any{"name": "Data: Open Government Licence v3.0 and others (see docs/api.md)"},
		},
		"servers": []any{
			map[string]any{"url": "/api/v1", "description": "Versioned path family (preferred; same operations, same keys)"},
			map[string]any{"url": "/api", "description": "Original path family (deprecated: responses carry Deprecation and Link rel=successor-version)"},
		},
		"tags":       tags,
		"paths":      paths,
		"components": components,
	}, nil
}

// Security requirement lists. Open operations accept an optional key.
func security(a Auth) []any {
	key := []any{map[string]any{"ApiKey": []any{}}, map[string]any{"ApiKeyQuery": []any{}}}
	switch a {
	case AuthOpen:
		return append([]any{map[string]any{}}, key...)
	case AuthPublicKey:
		return []any{map[string]any{"PublicKey": []any{}}}
	}
	return key
}

func planGate(min string) string {
	if min == "" {
		return lowestPlan
	}
	return min
}

func operation(op Operation, def opDef) (map[string]any, error) {
	gate := planGate(op.MinPlan)
	idempotent := op.Method == "POST" && op.Auth == AuthKey
	desc, rules := description(op, def, idempotent)
	o := map[string]any{
		"operationId":   op.Name,
		"summary":       op.Summary,
		"description":   desc,
		"tags":          def.Tags,
		"security":      security(op.Auth),
		"x-call-weight": op.Weight,
		"x-plan-gate":   gate,
	}
	if op.CORS {
		o["x-cors"] = true
	}
	if op.WeightRule != nil {
		o["x-call-weight-rule"] = op.WeightRule
	}
	if len(rules) > 0 {
		o["x-parameter-rules"] = rules
	}
	params := append([]any(nil), def.Parameters...)
	if idempotent {
		params = append(params, map[string]any{"name": "Idempotency-Key", "in": "header",
			"description": "A unique key of this request (1 to 255 visible ASCII characters), scoped to the organisation, kept 24 hours. The key names one request: sent again with a different request (route, query or body) it is 422 idempotency_key_reused; while the first request runs, 409 idempotency_key_in_use.",
			"schema":      map[string]any{"type": "string", "minLength": 1, "maxLength": 255, "pattern": "^[!-~]+$"}})
	}
	if len(params) > 0 {
		o["parameters"] = params
	}
	if def.RequestContent != nil {
		o["requestBody"] = map[string]any{"required": true, "content": def.RequestContent}
	} else if def.Request != nil {
		rs, err := expand(def.Request)
		if err != nil {
			return nil, fmt.Errorf("request: %w", err)
		}
		o["requestBody"] = map[string]any{
			"required": true,
			"content":  map[string]any{"application/json": map[string]any{"schema": rs}},
		}
	}
	responses, err := successResponses(op, def, idempotent)
	if err != nil {
		return nil, err
	}
	errorResponses(op, def, idempotent, responses)
	o["responses"] = responses
	return o, nil
}

func meterHeaders() map[string]any {
	h := func(d string) map[string]any {
		return map[string]any{"description": d, "schema": map[string]any{"type": "integer"}}
	}
	return map[string]any{
		"Retry-After":                    map[string]any{"description": "Seconds to wait before retrying.", "schema": map[string]any{"type": "integer"}},
		"X-Call-Weight":                  h("Calls charged for this response."),
		"X-RateLimit-Limit":              h("Monthly allowance of the key's plan. Absent for keys without a quota (Enterprise): always an integer when present."),
		"X-RateLimit-Remaining":          h("Calls left in the current period. Absent for keys without a quota (Enterprise): always an integer when present."),
		"X-RateLimit-Endpoint-Limit":     h("A plan's own allowance for this endpoint in the period (Free: 25 postcode-profile calls), on plans that have one."),
		"X-RateLimit-Endpoint-Remaining": h("Calls of this endpoint left in the period under that allowance."),
		"X-RateLimit-Reset":              h("Unix time when the period resets."),
		"X-Data-Source": map[string]any{"description": "The datasets this response read and where each came from: `dataset=generated` or `dataset=import:<format>`, separated by `; `.",
			"schema": map[string]any{"type": "string"}},
		"X-Data-Release": map[string]any{"description": "The release of each dataset read (`dataset=release; ...`): the generator version and seed, or the real release recorded at import.",
			"schema": map[string]any{"type": "string"}},
		"X-Data-Epoch": map[string]any{"description": "The current epoch of each dataset read (`addresses=42; postcodes=17`): one higher after every load or apply that changed it (GET /datasets, GET /changes/{dataset}). ?as_of_epoch= on any data request refuses an answer from other epochs with 410 epoch_not_served.",
			"schema": map[string]any{"type": "string"}},
		"X-Tokens-Charged":    h("Tokens charged for this response (organisations with tokens and pay-as-you-go keys only; 0 when the plan paid)."),
		"X-Tokens-Balance":    h("The organisation's token balance after this response (100 tokens = 1 GBP; sent with X-Tokens-Charged)."),
		"Idempotent-Replayed": map[string]any{"description": "true when the response is the stored first response of an Idempotency-Key.", "schema": map[string]any{"type": "string", "enum": []any{"true"}}},
		"ETag": map[string]any{"description": "Weak validator of the answer (changes only when the data is reloaded); send it back in If-None-Match.",
			"schema": map[string]any{"type": "string"}},
		"Cache-Control": map[string]any{"description": "private (public for the schema), max-age=300 (CACHE_MAX_AGE), must-revalidate.",
			"schema": map[string]any{"type": "string"}},
	}
}

func statusText(status int) string {
	switch status {
	case 201:
		return "Created"
	case 202:
		return "Accepted: the job is queued"
	case 204:
		return "Done; no body"
	case 300:
		return "Several dwellings match; pick one (details.candidates)"
	case 400:
		return "Bad request"
	case 401:
		return "Missing, unknown or revoked key"
	case 402:
		return "The token balance cannot pay the call (details.balance, details.price)"
	case 403:
		return "Not allowed for this key, plan or origin"
	case 404:
		return "Not found"
	case 409:
		return "A request with the same Idempotency-Key is in progress, or its response cannot be replayed"
	case 410:
		return "Gone: an epoch no longer served or kept, or a terminated postcode (details say which and what replaced it)"
	case 413:
		return "Request body too large"
	case 414:
		return "Query string too long"
	case 415:
		return "Unsupported media type"
	case 422:
		return "Invalid parameters"
	case 429:
		return "Rate limit or quota exceeded"
	case 500:
		return "Internal error"
	case 503:
		return "Service unavailable (search engine or quota store)"
	case 504:
		return "Search engine timeout"
	}
	return "Error"
}

func errorResponse(status int, codes []string) map[string]any {
	enum := make([]any, len(codes))
	for i, c := range codes {
		enum[i] = c
	}
	text := statusText(status)
	r := map[string]any{
		"description": fmt.Sprintf("%s. Codes: %s.", text, strings.Join(codes, ", ")),
		"content": map[string]any{"application/json": map[string]any{"schema": map[string]any{
			"allOf": []any{map[string]any{"$ref": "#/components/schemas/ErrorEnvelope"}},
			"properties": map[string]any{"error": map[string]any{
				"properties": map[string]any{"code": map[string]any{"enum": enum}},
			}},
		}}},
	}
	if status == 429 || status == 503 || status == 504 || status == 409 {
		r["headers"] = map[string]any{"Retry-After": map[string]any{"$ref": "#/components/headers/Retry-After"}}
	}
	return r
}

// expand turns the shorthand of operations.yaml into JSON Schema, returning
// new values (the decoded definitions may share nodes through YAML anchors).
func expand(s any) (any, error) {
	switch v := s.(type) {
	case string:
		return shorthand(v)
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, val := range v {
			switch k {
			case "properties", "patternProperties", "$defs":
				pm, ok := val.(map[string]any)
				if !ok {
					return nil, fmt.Errorf("%s must be a map", k)
				}
				np := make(map[string]any, len(pm))
				for pk, pv := range pm {
					e, err := expand(pv)
					if err != nil {
						return nil, fmt.Errorf("%s: %w", pk, err)
					}
					np[pk] = e
				}
				out[k] = np
			case "items", "additionalProperties", "not", "contains":
				if b, isBool := val.(bool); isBool {
					out[k] = b
					continue
				}
				e, err := expand(val)
				if err != nil {
					return nil, fmt.Errorf("%s: %w", k, err)
				}
				out[k] = e
			case "allOf", "anyOf", "oneOf", "prefixItems":
				list, ok := val.([]any)
				if !ok {
					return nil, fmt.Errorf("%s must be a list", k)
				}
				nl := make([]any, len(list))
				for i, item := range list {
					e, err := expand(item)
					if err != nil {
						return nil, err
					}
					nl[i] = e
				}
				out[k] = nl
			default:
				out[k] = val
			}
		}
		return out, nil
	case nil:
		return nil, fmt.Errorf("missing schema")
	}
	return s, nil
}

var scalarRE = regexp.MustCompile(`^([a-z-]+)(!?)(?:\((-?[0-9.]*)\.\.(-?[0-9.]*)\))?$`)

// shorthand expands one shorthand string (see operations.yaml).
func shorthand(s string) (any, error) {
	switch {
	case strings.HasPrefix(s, "[]"):
		// A collection is never null: empty is [] (docs/decisions.md); the
		// trailing ! is accepted and changes nothing.
		inner := strings.TrimSuffix(strings.TrimPrefix(s, "[]"), "!")
		nullable := false
		items, err := shorthand(inner)
		if err != nil {
			return nil, err
		}
		var t any = "array"
		if nullable {
			t = []any{"array", "null"}
		}
		return map[string]any{"type": t, "items": items}, nil
	case strings.HasPrefix(s, "#"):
		name := strings.TrimPrefix(s, "#")
		ref := map[string]any{"$ref": "#/components/schemas/" + strings.TrimSuffix(name, "?")}
		if strings.HasSuffix(name, "?") {
			return map[string]any{"anyOf": []any{ref, map[string]any{"type": "null"}}}, nil
		}
		return ref, nil
	}
	m := scalarRE.FindStringSubmatch(s)
	if m == nil {
		return nil, fmt.Errorf("bad shorthand %q", s)
	}
	base, strict, lo, hi := m[1], m[2] == "!", m[3], m[4]
	out := map[string]any{}
	typ := base
	switch base {
	case "string", "integer", "number", "boolean", "object":
	case "date", "date-time", "uuid", "uri":
		typ = "string"
		out["format"] = base
	default:
		return nil, fmt.Errorf("bad shorthand type %q", base)
	}
	if strict {
		out["type"] = typ
	} else {
		out["type"] = []any{typ, "null"}
	}
	for key, b := range map[string]string{"minimum": lo, "maximum": hi} {
		if b == "" {
			continue
		}
		f, err := strconv.ParseFloat(b, 64)
		if err != nil {
			return nil, fmt.Errorf("bad bound in %q", s)
		}
		if typ == "integer" {
			out[key] = int64(f)
		} else {
			out[key] = f
		}
	}
	return out, nil
}

// withExamples returns an operation's parameters with an example set on
// each one that has an example ("op.param" first, then "param"); a
// referenced parameter is copied inline (the component stays as it is).
func withExamples(d *defs, opName string, params []any, ex map[string]any) []any {
	out := make([]any, 0, len(params))
	for _, p := range params {
		pm := resolveParam(d, p)
		name := fmt.Sprint(pm["name"])
		v, ok := ex[opName+"."+name]
		if !ok {
			v, ok = ex[name]
		}
		if !ok || pm == nil {
			out = append(out, p)
			continue
		}
		cp := make(map[string]any, len(pm)+1)
		for k, val := range pm {
			cp[k] = val
		}
		cp["example"] = v
		out = append(out, cp)
	}
	return out
}
