package openapi

import (
	"strings"
	"testing"
)

// TestMarkdownSuccessResponses: an operation with several successes (a
// stream's 200 and its 204) lists each, in order, and none as an error,
// the same on every run (the responses are a map).
func TestMarkdownSuccessResponses(t *testing.T) {
	doc := map[string]any{
		"paths": map[string]any{"/jobs/{id}/events": map[string]any{"get": map[string]any{
			"operationId": "jobs.events", "summary": "Job progress", "tags": []string{"service"}, "x-plan-gate": "free",
			"responses": map[string]any{
				"200": map[string]any{"content": map[string]any{"text/event-stream": map[string]any{}}},
				"204": map[string]any{},
				"404": map[string]any{},
				"422": map[string]any{},
			},
		}}},
		"components": map[string]any{},
	}
	first := Markdown(doc)
	for i := 0; i < 20; i++ {
		if got := Markdown(doc); got != first {
			t.Fatalf("run %d differs:\n%s\nvs\n%s", i, got, first)
		}
	}
	i200, i204, iErr := strings.Index(first, "Response 200 (`text/event-stream`)"), strings.Index(first, "Response 204: no body."), strings.Index(first, "Errors: 404")
	if i200 < 0 || i204 < i200 || iErr < i204 || strings.Contains(first, "Errors: 200") || strings.Contains(first, "204 ;") {
		t.Errorf("responses:\n%s", first)
	}
}
