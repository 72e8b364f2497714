package openapi

// Postman collection (v2.1) generated from the OpenAPI document:
// one request per operation, grouped in folders by tag, on the preferred
// /api/v1 family. Collection variables: baseUrl, apiKey (sent as
// "Authorization: Api-Key {{apiKey}}" by the collection's auth) and
// publicKey (the browser relay's requests). Postman and Bruno both import
// it (Bruno: Import Collection → Postman Collection).

import (
	"fmt"
	"sort"
	"strings"
)

// PostmanSchema is the collection format's schema URL.
const PostmanSchema = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"

// Postman builds the collection from a built document (as JSON values: the
// output of Build round-tripped through encoding/json, or Build's own map).
func Postman(doc map[string]any, baseURL string) (map[string]any, error) {
	info, _ := doc["info"].(map[string]any)
	paths, _ := doc["paths"].(map[string]any)
	comps, _ := doc["components"].(map[string]any)
	params, _ := comps["parameters"].(map[string]any)
	if paths == nil {
		return nil, fmt.Errorf("postman: the document has no paths")
	}
	folders := map[string][]any{}
	var order []string
	pathKeys := make([]string, 0, len(paths))
	for p := range paths {
		pathKeys = append(pathKeys, p)
	}
	sort.Strings(pathKeys)
	for _, p := range pathKeys {
		item, _ := paths[p].(map[string]any)
		methods := make([]string, 0, len(item))
		for m := range item {
			methods = append(methods, m)
		}
		sort.Strings(methods)
		for _, m := range methods {
			op, ok := item[m].(map[string]any)
			if !ok {
				continue
			}
			req, err := postmanRequest(p, strings.ToUpper(m), op, params)
			if err != nil {
				return nil, err
			}
			tag := "other"
			if tags, _ := op["tags"].([]any); len(tags) > 0 {
				tag = fmt.Sprint(tags[0])
			}
			if _, seen := folders[tag]; !seen {
				order = append(order, tag)
			}
			folders[tag] = append(folders[tag], req)
		}
	}
	sort.Strings(order)
	items := make([]any, 0, len(order))
	for _, tag := range order {
		items = append(items, map[string]any{"name": tag, "item": folders[tag]})
	}
	name, _ := info["title"].(string)
	return map[string]any{
		"info": map[string]any{
			"name":        name,
			"description": "Generated from the OpenAPI document by `make sdk` (cmd/apispec). Set the collection variables baseUrl and apiKey (publicKey for the browser relay).",
			"schema":      PostmanSchema,
		},
		"auth": apiKeyAuth("Api-Key {{apiKey}}"),
		"variable": []any{
			map[string]any{"key": "baseUrl", "value": baseURL, "type": "string"},
			map[string]any{"key": "apiKey", "value": "", "type": "string"},
			map[string]any{"key": "publicKey", "value": "", "type": "string"},
		},
		"item": items,
	}, nil
}

func apiKeyAuth(value string) map[string]any {
	return map[string]any{"type": "apikey", "apikey": []any{
		map[string]any{"key": "key", "value": "Authorization", "type": "string"},
		map[string]any{"key": "value", "value": value, "type": "string"},
		map[string]any{"key": "in", "value": "header", "type": "string"},
	}}
}

func postmanRequest(path, method string, op map[string]any, shared map[string]any) (map[string]any, error) {
	var query, vars []any
	plist, _ := op["parameters"].([]any)
	for _, raw := range plist {
		p, _ := raw.(map[string]any)
		if ref, ok := p["$ref"].(string); ok {
			name := strings.TrimPrefix(ref, "#/components/parameters/")
			if p, ok = shared[name].(map[string]any); !ok {
				return nil, fmt.Errorf("postman: %s %s: unresolved parameter %s", method, path, ref)
			}
		}
		name, _ := p["name"].(string)
		desc, _ := p["description"].(string)
		required, _ := p["required"].(bool)
		val := postmanExample(p)
		switch p["in"] {
		case "path":
			vars = append(vars, map[string]any{"key": name, "value": val, "description": desc})
		case "query":
			query = append(query, map[string]any{"key": name, "value": val, "description": desc, "disabled": !required})
		}
	}
	segs := []string{"api", "v1"}
	for _, s := range strings.Split(strings.Trim(path, "/"), "/") {
		if strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}") {
			s = ":" + strings.Trim(s, "{}")
		}
		segs = append(segs, s)
	}
	raw := "{{baseUrl}}/" + strings.Join(segs, "/")
	var qs []string
	for _, q := range query {
		qm := q.(map[string]any)
		if qm["disabled"] == false {
			qs = append(qs, fmt.Sprintf("%s=%v", qm["key"], qm["value"]))
		}
	}
	if len(qs) > 0 {
		raw += "?" + strings.Join(qs, "&")
	}
	url := map[string]any{"raw": raw, "host": []any{"{{baseUrl}}"}, "path": segs}
	if len(query) > 0 {
		url["query"] = query
	}
	if len(vars) > 0 {
		url["variable"] = vars
	}
	req := map[string]any{"method": method, "url": url, "header": []any{}}
	if d, ok := op["description"].(string); ok {
		req["description"] = d
	}
	// Open operations inherit the key too: a key that is sent is validated
	// and counted, and lifts the anonymous per-IP limit.
	if sec, ok := op["security"].([]any); ok {
		for _, s := range sec {
			if m, ok := s.(map[string]any); ok {
				if _, pub := m["PublicKey"]; pub {
					req["auth"] = apiKeyAuth("Public-Key {{publicKey}}")
				}
			}
		}
	}
	if rb, ok := op["requestBody"].(map[string]any); ok && rb != nil {
		req["header"] = []any{map[string]any{"key": "Content-Type", "value": "application/json"}}
		req["body"] = map[string]any{"mode": "raw", "raw": "{}", "options": map[string]any{"raw": map[string]any{"language": "json"}}}
	}
	name, _ := op["summary"].(string)
	if id, ok := op["operationId"].(string); ok {
		name = id + " — " + name
	}
	return map[string]any{"name": name, "request": req}, nil
}

// postmanExample is a parameter's example or default, or "" to fill in.
func postmanExample(p map[string]any) string {
	if ex, ok := p["example"]; ok {
		return fmt.Sprint(ex)
	}
	if s, ok := p["schema"].(map[string]any); ok {
		if exs, ok := s["examples"].([]any); ok && len(exs) > 0 {
			return fmt.Sprint(exs[0])
		}
		if d, ok := s["default"]; ok {
			return fmt.Sprint(d)
		}
	}
	return ""
}
