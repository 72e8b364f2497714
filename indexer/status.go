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
	Epoch    int64    `json:"epoch,omitempty"`    // current epoch (epochs.go)
	Versions []string `json:"versions,omitempty"` // every version present, oldest first
	// Bytes is the store size of the current version; VersionsBytes of
	// every version on disk (the current one included).
	Bytes         int64 `json:"bytes"`
	VersionsBytes int64 `json:"versions_bytes"`
	// ReloadBytes is the free disk a reload of this index needs: a new
	// copy beside the current one, and for a force-merged index (the
	// addresses, merged to one segment) its size again while it merges.
	ReloadBytes int64 `json:"reload_bytes"`
}

// DiskStatus is the disk side of Status: what the versions hold, what the
// engine has free, and what a reload of every index needs.
type DiskStatus struct {
	VersionsBytes int64 `json:"versions_bytes"`
	FreeBytes     int64 `json:"free_bytes"`
	ReloadBytes   int64 `json:"reload_bytes"`
	// PreviousBytes is held by versions other than the current ones (kept
	// for rollback; load --drop-previous frees them after the swap).
	PreviousBytes int64 `json:"previous_bytes"`
}

// Disk sums the disk figures of status rows; free is the engine's free disk.
func Disk(rows []AliasStatus, free int64) DiskStatus {
	d := DiskStatus{FreeBytes: free}
	for _, r := range rows {
		d.VersionsBytes += r.VersionsBytes
		d.ReloadBytes += r.ReloadBytes
		d.PreviousBytes += r.VersionsBytes - r.Bytes
	}
	return d
}

// reloadBytes is the free disk a reload of an index of size n needs.
func reloadBytes(name string, n int64) int64 {
	if name == mappings.IndexAddresses {
		return 2 * n // the new copy, and the force merge rewrites it once more
	}
	return n
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
		sizes, err := eng.storeSizes(ctx, alias+"-v*")
		if err != nil {
			return nil, fmt.Errorf("status %s: %w", alias, err)
		}
		for ix, n := range sizes {
			if isVersionOf(ix, alias) {
				st.Versions = append(st.Versions, ix)
				st.VersionsBytes += n
			}
		}
		sortStrings(st.Versions)
		st.Bytes = sizes[st.Current]
		st.ReloadBytes = reloadBytes(s.Name, st.Bytes)
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
			st.Source, st.Release, st.Epoch = meta.Source.Source, meta.Source.Release, meta.Source.Epoch
		}
		out = append(out, st)
	}
	return out, nil
}

// FreeDisk returns the engine's free disk over its data nodes.
func FreeDisk(ctx context.Context, urls []string) (int64, error) {
	eng, err := newEngine(urls)
	if err != nil {
		return 0, err
	}
	return eng.freeDisk(ctx)
}

// WriteDiskLine writes the disk summary under the status table.
func WriteDiskLine(w io.Writer, d DiskStatus) {
	fmt.Fprintf(w, "disk: versions hold %s (%s of it in versions other than the current: kept for rollback, or a load in progress); engine free %s; a reload of every index needs about %s free (a new copy of each beside the current one, plus the addresses once more while they are force-merged)\n",
		gb(d.VersionsBytes), gb(d.PreviousBytes), gb(d.FreeBytes), gb(d.ReloadBytes))
	if d.FreeBytes > 0 && d.ReloadBytes > d.FreeBytes {
		fmt.Fprintf(w, "disk: WARNING: a full reload needs %s more than is free; load --drop-previous, or delete previous versions first\n", gb(d.ReloadBytes-d.FreeBytes))
	}
}

func gb(n int64) string { return fmt.Sprintf("%.2f GB", float64(n)/1e9) }

// WriteStatusTable writes the status as a table.
func WriteStatusTable(w io.Writer, rows []AliasStatus) {
	fmt.Fprintf(w, "%-24s %-44s %10s %6s %10s %10s %-21s %-8s %-40s %s\n", "ALIAS", "INDEX", "DOCS", "EPOCH", "SIZE MB", "RELOAD MB", "LOADED", "MODE", "SOURCE", "VERSIONS")
	for _, r := range rows {
		cur := r.Current
		if cur == "" {
			cur = "(missing)"
		}
		src := strings.TrimSpace(r.Source + " " + r.Release)
		fmt.Fprintf(w, "%-24s %-44s %10d %6d %10.1f %10.1f %-21s %-8s %-40s %s\n", r.Alias, cur, r.Docs, r.Epoch, float64(r.Bytes)/1e6, float64(r.ReloadBytes)/1e6, r.LoadedAt, r.Mode, src, strings.Join(r.Versions, ","))
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
