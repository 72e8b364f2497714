package openapi

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// Markers delimit the generated endpoint reference inside docs/api.md.
const (
	BeginMarker = "<!-- BEGIN GENERATED ENDPOINT REFERENCE (go test ./api -run TestAPIDocs -update-docs) -->"
	EndMarker   = "<!-- END GENERATED ENDPOINT REFERENCE -->"
)

// Markdown renders the endpoint reference of doc (the document Build
// returns) as Markdown: one section per operation with its auth, weight,
// plan, parameters, response schema, errors and a curl example.
func Markdown(doc map[string]any) string {
	paths, _ := doc["paths"].(map[string]any)
	comps, _ := doc["components"].(map[string]any)
	params, _ := comps["parameters"].(map[string]any)
	type entry struct {
		tag, path, method string
		op                map[string]any
	}
	var entries []entry
	for p, item := range paths {
		for m, o := range item.(map[string]any) {
			op := o.(map[string]any)
			tag := ""
			if tags, ok := op["tags"].([]string); ok && len(tags) > 0 {
				tag = tags[0]
			}
			entries = append(entries, entry{tag, p, strings.ToUpper(m), op})
		}
	}
	tagOrder := map[string]int{"service": 0, "addresses": 1, "property": 2, "risk": 3, "area": 4, "prices": 5,
		"nearby": 6, "land": 7, "market": 8, "calculators": 9, "embed": 10}
	sort.Slice(entries, func(i, j int) bool {
		a, b := entries[i], entries[j]
		if tagOrder[a.tag] != tagOrder[b.tag] {
			return tagOrder[a.tag] < tagOrder[b.tag]
		}
		if a.path != b.path {
			return a.path < b.path
		}
		return a.method < b.method
	})

	demo := DemoExamples()
	var b strings.Builder
	b.WriteString(BeginMarker + "\n\n")
	b.WriteString("| Operation | Method and path | Auth | Weight | Plan |\n|---|---|---|---|---|\n")
	for _, e := range entries {
		fmt.Fprintf(&b, "| [`%s`](#%s) | `%s %s` | %s | %v | %s |\n", e.op["operationId"], anchor(e.op), e.method, e.path,
			authLabel(e.op), weightLabel(e.op), e.op["x-plan-gate"])
	}
	b.WriteString("\n")
	lastTag := ""
	for _, e := range entries {
		if e.tag != lastTag {
			fmt.Fprintf(&b, "### %s\n\n", strings.ToUpper(e.tag[:1])+e.tag[1:])
			lastTag = e.tag
		}
		op := e.op
		fmt.Fprintf(&b, "<a id=\"%s\"></a>\n#### `%s %s` — %s\n\n", anchor(op), e.method, e.path, op["operationId"])
		fmt.Fprintf(&b, "%s.\n\n", strings.TrimSuffix(fmt.Sprint(op["summary"]), "."))
		if d, _ := op["description"].(string); d != "" {
			b.WriteString(strings.TrimSpace(d) + "\n\n")
		}
		fmt.Fprintf(&b, "Auth: %s · weight: %v · plan: %s and above\n\n", authLabel(op), weightLabel(op), op["x-plan-gate"])

		ps := opParams(op, params)
		writeParams(&b, ps)
		if rb, ok := op["requestBody"].(map[string]any); ok {
			fmt.Fprintf(&b, "Request body: JSON, schema %s.\n\n", schemaName(rb))
		}
		resps, _ := op["responses"].(map[string]any)
		// Every success (2xx) in order (an operation may have several, e.g.
		// 200 with a stream and 204), then the errors: the same text
		// whatever order the map gives.
		var oks, sts []string
		for st := range resps {
			switch {
			case strings.HasPrefix(st, "2"):
				oks = append(oks, st)
			case st != "304":
				sts = append(sts, st)
			}
		}
		sort.Strings(oks)
		sort.Strings(sts)
		for _, st := range oks {
			okResp, _ := resps[st].(map[string]any)
			var cts []string
			content, _ := okResp["content"].(map[string]any)
			for ct := range content {
				cts = append(cts, "`"+ct+"`")
			}
			sort.Strings(cts)
			if len(cts) == 0 {
				fmt.Fprintf(&b, "Response %s: no body.\n\n", st)
			} else {
				fmt.Fprintf(&b, "Response %s (%s): schema %s.\n\n", st, strings.Join(cts, ", "), schemaName(okResp))
			}
		}
		if _, ok := resps["304"]; ok {
			b.WriteString("Cacheable: `ETag` and `Cache-Control` on 200; `If-None-Match` with the current ETag answers 304 with no body, not charged.\n\n")
		}
		b.WriteString("Errors: ")
		for i, st := range sts {
			if i > 0 {
				b.WriteString("; ")
			}
			fmt.Fprintf(&b, "%s %s", st, strings.Join(errorCodes(comps, resps[st]), ", "))
		}
		b.WriteString(".\n\n")
		b.WriteString("```sh\n" + curlExample(demo, e.method, e.path, op, ps) + "\n```\n\n")
	}
	b.WriteString(EndMarker + "\n")
	return b.String()
}

// opParams are the operation's parameters, $refs resolved.
func opParams(op, params map[string]any) []map[string]any {
	var ps []map[string]any
	list, _ := op["parameters"].([]any)
	for _, p := range list {
		pm, _ := p.(map[string]any)
		if ref, ok := pm["$ref"].(string); ok {
			pm, _ = params[strings.TrimPrefix(ref, "#/components/parameters/")].(map[string]any)
		}
		if pm != nil {
			ps = append(ps, pm)
		}
	}
	return ps
}

// writeParams writes the parameter table (nothing when there are none).
func writeParams(b *strings.Builder, ps []map[string]any) {
	if len(ps) == 0 {
		return
	}
	b.WriteString("| Parameter | In | Type | Required | Default | Allowed | Description |\n|---|---|---|---|---|---|---|\n")
	for _, p := range ps {
		sch, _ := p["schema"].(map[string]any)
		req := ""
		if r, _ := p["required"].(bool); r {
			req = "yes"
		}
		fmt.Fprintf(b, "| `%s` | %s | %s | %s | %s | %s | %s |\n", p["name"], p["in"], typeOf(sch), req,
			literal(sch["default"]), allowed(sch), cell(p["description"]))
	}
	b.WriteString("\n")
}

func anchor(op map[string]any) string {
	return "op-" + strings.NewReplacer(".", "-", "_", "-").Replace(fmt.Sprint(op["operationId"]))
}

func authLabel(op map[string]any) string {
	sec, _ := json.Marshal(op["security"])
	switch {
	case strings.Contains(string(sec), "PublicKey"):
		return "public key"
	case strings.Contains(string(sec), "{}"):
		return "open"
	}
	return "API key"
}

func typeOf(s map[string]any) string {
	if s == nil {
		return ""
	}
	t := fmt.Sprint(s["type"])
	if t == "array" {
		if it, ok := s["items"].(map[string]any); ok {
			return "list of " + typeOf(it) + " (comma-separated)"
		}
	}
	if f, ok := s["format"].(string); ok {
		return t + " (" + f + ")"
	}
	return t
}

func literal(v any) string {
	if v == nil {
		return ""
	}
	return fmt.Sprintf("`%v`", v)
}

func allowed(s map[string]any) string {
	if s == nil {
		return ""
	}
	if it, ok := s["items"].(map[string]any); ok && s["type"] == "array" {
		return allowed(it)
	}
	if e, ok := s["enum"].([]any); ok {
		var vs []string
		for _, v := range e {
			vs = append(vs, fmt.Sprint(v))
		}
		return strings.Join(vs, ", ")
	}
	var parts []string
	if v, ok := s["minimum"]; ok {
		parts = append(parts, fmt.Sprintf("≥ %v", v))
	}
	if v, ok := s["exclusiveMinimum"]; ok {
		parts = append(parts, fmt.Sprintf("> %v", v))
	}
	if v, ok := s["maximum"]; ok {
		parts = append(parts, fmt.Sprintf("≤ %v", v))
	}
	if v, ok := s["minLength"]; ok {
		parts = append(parts, fmt.Sprintf("%v+ chars", v))
	}
	if v, ok := s["maxLength"]; ok {
		parts = append(parts, fmt.Sprintf("≤ %v chars", v))
	}
	return strings.Join(parts, ", ")
}

func cell(v any) string {
	if v == nil {
		return ""
	}
	return strings.ReplaceAll(strings.ReplaceAll(fmt.Sprint(v), "|", "\\|"), "\n", " ")
}

func schemaName(container map[string]any) string {
	content, _ := container["content"].(map[string]any)
	var names []string
	for _, c := range content {
		sch, _ := c.(map[string]any)["schema"].(map[string]any)
		if ref, ok := sch["$ref"].(string); ok {
			n := strings.TrimPrefix(ref, "#/components/schemas/")
			names = append(names, "`"+n+"`")
		}
	}
	sort.Strings(names)
	if len(names) == 0 {
		return "inline (see the OpenAPI document)"
	}
	return strings.Join(names, ", ")
}

func errorCodes(comps map[string]any, r any) []string {
	rm, _ := r.(map[string]any)
	if ref, ok := rm["$ref"].(string); ok {
		resps, _ := comps["responses"].(map[string]any)
		rm, _ = resps[strings.TrimPrefix(ref, "#/components/responses/")].(map[string]any)
	}
	content, _ := rm["content"].(map[string]any)
	js, _ := content["application/json"].(map[string]any)
	sch, _ := js["schema"].(map[string]any)
	props, _ := sch["properties"].(map[string]any)
	e, _ := props["error"].(map[string]any)
	ep, _ := e["properties"].(map[string]any)
	code, _ := ep["code"].(map[string]any)
	var out []string
	if enum, ok := code["enum"].([]any); ok {
		for _, c := range enum {
			out = append(out, "`"+fmt.Sprint(c)+"`")
		}
	}
	return out
}

// weightLabel is an operation's charge in words: x-call-weight, or the
// summary of its x-call-weight-rule when the charge varies.
func weightLabel(op map[string]any) any {
	if r, ok := op["x-call-weight-rule"].(map[string]any); ok {
		return r["summary"]
	}
	return op["x-call-weight"]
}
