package indexer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/ukpd/propertyapi/mappings"
)

// AliasStatus is the state of one alias.
type AliasStatus struct {
	Index    string   `json:"index"`             // mappings name
	Alias    string   `json:"alias"`             // prefix + name
	Current  string   `json:"current,omitempty"` // versioned index behind the alias ("" = missing)
	Docs     int64    `json:"docs"`
	LoadedAt string   `json:"loaded_at,omitempty"`
	Source   string   `json:"source,omitempty"`
	Release  string   `json:"release,omitempty"`
	Mode     string   `json:"mode,omitempty"`
	Previous string   `json:"previous,omitempty"`
	Versions []string `json:"versions,omitempty"` // every version present, oldest first
}

// Status lists every alias of mappings.Specs under prefix: the index behind
// it, its document count, and the load metadata recorded by LoadDir.
func Status(ctx context.Context, urls []string, prefix string) ([]AliasStatus, error) {
	eng, err := newEngine(urls)
	if err != nil {
		return nil, fmt.Errorf("status: %w", err)
	}
	var out []AliasStatus
	for _, s := range mappings.Specs() {
		alias := prefix + s.Name
		st := AliasStatus{Index: s.Name, Alias: alias}
		targets, err := eng.aliasTargets(ctx, alias)
		if err != nil {
			return nil, fmt.Errorf("status %s: %w", alias, err)
		}
		if len(targets) > 0 {
			st.Current = targets[len(targets)-1]
			if st.Docs, err = eng.count(ctx, st.Current); err != nil {
				return nil, fmt.Errorf("status %s: %w", alias, err)
			}
		}
		all, err := eng.listIndices(ctx, alias+"-v*")
		if err != nil {
			return nil, fmt.Errorf("status %s: %w", alias, err)
		}
		for _, ix := range all {
			if isVersionOf(ix, alias) {
				st.Versions = append(st.Versions, ix)
			}
		}
		var meta struct {
			Source LoadMeta `json:"_source"`
		}
		err = eng.do(ctx, http.MethodGet, "/"+esc(prefix+MetaIndex)+"/_doc/"+esc(s.Name), nil, &meta)
		switch {
		case errors.Is(err, errNotFound):
		case err != nil:
			return nil, fmt.Errorf("status %s: %w", alias, err)
		case meta.Source.Version == st.Current:
			st.LoadedAt, st.Mode, st.Previous = meta.Source.LoadedAt, meta.Source.Mode, meta.Source.PreviousIndex
			st.Source, st.Release = meta.Source.Source, meta.Source.Release
		}
		out = append(out, st)
	}
	return out, nil
}

// WriteStatusTable writes the status as a table.
func WriteStatusTable(w io.Writer, rows []AliasStatus) {
	fmt.Fprintf(w, "%-24s %-44s %10s %-21s %-8s %-40s %s\n", "ALIAS", "INDEX", "DOCS", "LOADED", "MODE", "SOURCE", "VERSIONS")
	for _, r := range rows {
		cur := r.Current
		if cur == "" {
			cur = "(missing)"
		}
		src := strings.TrimSpace(r.Source + " " + r.Release)
		fmt.Fprintf(w, "%-24s %-44s %10d %-21s %-8s %-40s %s\n", r.Alias, cur, r.Docs, r.LoadedAt, r.Mode, src, strings.Join(r.Versions, ","))
	}
}

// WriteStatusJSON writes the status as a JSON array, one object per alias
// (`indexer status --json`).
func WriteStatusJSON(w io.Writer, rows []AliasStatus) error {
	if rows == nil {
		rows = []AliasStatus{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(rows)
}
