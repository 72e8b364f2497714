package api

// OpenAPI document: the route table joined with the per-operation
// definitions of api/openapi/operations.yaml.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/ukpd/propertyapi/api/embedtool"
	"github.com/ukpd/propertyapi/api/openapi"
)

// openAPIDescription is the info.description of the document.
const openAPIDescription = `UK property data: addresses, property records, energy, risk, area statistics, sales,
listings and live listings, calculators.

Every path is served under /api and /api/v1 and answers with or without a trailing slash
(the document lists the form of the route table). Authenticate with
"Authorization: Api-Key <key>" (or ?api_key= for testing); open operations need no key.
Browser pages use the relay /embed/v2/{tool_slug} with "Authorization: Public-Key <key>".

Each operation carries x-call-weight (calls charged on success; 0 = free and uncounted)
and x-plan-gate (the lowest plan allowed). Where the charge depends on the request,
x-call-weight-rule states it (the browser relay: the relayed operation's weight; the
export: 1 call per 10 rows, at least 1; property/{uprn}?with=: each add-on's weight on top)
and the response's X-Call-Weight says what was charged. Errors share one envelope:
{"error":{"code","message","request_id","details"}}. Unless a schema says otherwise a
field may be null when the datum is unknown.

Prefer the /api/v1 paths: answers on /api/... carry Deprecation and Link rel="successor-version"
headers. Lookups of loaded data carry an ETag; send it back in If-None-Match and an unchanged
answer is a 304 that is not charged. Answers of 1 KB or more are compressed (gzip or zstd) when
Accept-Encoding asks; paginated lists also send RFC 8288 Link headers (next, prev).`

// OpenAPIOperations returns the route table in the form the document builder takes.
func (s *Server) OpenAPIOperations() []openapi.Operation {
	out := make([]openapi.Operation, 0, len(s.routes))
	rules := s.callWeightRules()
	for _, rt := range s.routes {
		op := rt.Operation()
		op.WeightRule = rules[rt.Name]
		out = append(out, op)
	}
	return out
}

// exportRowsPerCall is the export's charge: one call per this many rows
// returned, at least one (ExportWeight).
const exportRowsPerCall = 10

// callWeightRules are the operations whose charge depends on the request,
// with the figures taken from the route table itself (so the document
// cannot drift from what the gate charges): the relay charges the relayed
// operation's weight, the export 1 per 10 rows, and property discovery
// adds the weight of each with= add-on.
func (s *Server) callWeightRules() map[string]map[string]any {
	weight := map[string]int{}
	for _, rt := range s.routes {
		weight[rt.Name] = rt.Weight
	}
	relayed := map[string]any{}
	for tool, ops := range embedtool.Table() {
		for op, t := range ops {
			key := tool
			if op != "" {
				key += "/" + op
			}
			relayed[key] = weight[t.Route]
		}
	}
	relay := map[string]any{"rule": "relayed_operation", "weights": relayed,
		"summary": "the weight of the relayed operation (weights: tool/operation to calls)"}
	addOns := map[string]any{}
	for _, a := range withAddOns {
		addOns[a.name] = weight[a.route]
	}
	return map[string]map[string]any{
		"embed.relay":    relay,
		"embed.relay_op": relay,
		"listings.export": {"rule": "per_rows", "rows_per_call": exportRowsPerCall, "minimum": 1,
			"summary": fmt.Sprintf("1 call per %d rows returned, at least 1", exportRowsPerCall)},
		"property.discover": {"rule": "plus_add_ons", "parameter": "with", "base": weight["property.discover"], "weights": addOns,
			"summary": fmt.Sprintf("%d, plus the weight of each with= add-on (weights: add-on to calls)", weight["property.discover"])},
	}
}

// OpenAPI builds the OpenAPI 3.1 document of the server's routes.
func (s *Server) OpenAPI() (map[string]any, error) {
	return openapi.Build(s.OpenAPIOperations(), openapi.Info{
		Title:       "UK Property Data API",
		Version:     "1.0.0",
		Description: openAPIDescription,
		Examples:    s.opt.SchemaExamples,
	})
}

func (s *Server) schema(w http.ResponseWriter, r *http.Request) error {
	p := newParams(r)
	format := p.Enum("format", "", "json", "yaml")
	if err := p.Err(); err != nil {
		return err
	}
	if format == "" {
		format = "json"
		accept := strings.ToLower(r.Header.Get("Accept"))
		if strings.Contains(accept, "application/yaml") || strings.Contains(accept, "text/yaml") || strings.Contains(accept, "application/x-yaml") {
			format = "yaml"
		}
	}
	doc, err := s.OpenAPI()
	if err != nil {
		return fmt.Errorf("build openapi document: %w", err)
	}
	if format == "yaml" {
		var root yaml.Node
		root.Kind = yaml.MappingNode
		for _, k := range openAPITopKeys(doc) {
			var v yaml.Node
			if err := v.Encode(doc[k]); err != nil {
				return fmt.Errorf("encode openapi yaml %s: %w", k, err)
			}
			root.Content = append(root.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: k}, &v)
		}
		b, err := yaml.Marshal(&root)
		if err != nil {
			return fmt.Errorf("encode openapi yaml: %w", err)
		}
		return writeRaw(w, http.StatusOK, "application/yaml; charset=utf-8", b)
	}
	var buf bytes.Buffer
	buf.WriteString("{")
	for i, k := range openAPITopKeys(doc) {
		v, err := json.MarshalIndent(doc[k], "  ", "  ")
		if err != nil {
			return fmt.Errorf("encode openapi json %s: %w", k, err)
		}
		if i > 0 {
			buf.WriteString(",")
		}
		fmt.Fprintf(&buf, "\n  %q: ", k)
		buf.Write(v)
	}
	buf.WriteString("\n}\n")
	return writeRaw(w, http.StatusOK, "application/json; charset=utf-8", buf.Bytes())
}

// openAPITopKeys orders the document's top-level members as readers expect
// (openapi and info first, components last); encoders would sort them.
func openAPITopKeys(doc map[string]any) []string {
	order := []string{"openapi", "info", "jsonSchemaDialect", "servers", "security", "tags", "paths", "components"}
	var out []string
	seen := map[string]bool{}
	for _, k := range order {
		if _, ok := doc[k]; ok {
			out = append(out, k)
			seen[k] = true
		}
	}
	var rest []string
	for k := range doc {
		if !seen[k] {
			rest = append(rest, k)
		}
	}
	sort.Strings(rest)
	return append(out, rest...)
}
