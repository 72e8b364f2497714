package indexer

import (
	"context"
	"fmt"
	"sort"

	"github.com/ukpd/propertyapi/mappings"
)

// applyLog gives each dataset an apply touches one new epoch and keeps its
// change rows, one per document: a document changed twice in one apply is
// one row (an insert then an update is an insert, an insert then a delete
// no row at all).
type applyLog struct {
	elog   *epochLog
	feed   []string
	epochs map[string]int64
	rows   map[string]map[string]ChangeRow // dataset → id → row
}

func newApplyLog(elog *epochLog, feed []string) *applyLog {
	return &applyLog{elog: elog, feed: feed, epochs: map[string]int64{}, rows: map[string]map[string]ChangeRow{}}
}

// record folds a batch's changes into the rows and writes the rows that
// changed (before the batch's documents are written).
func (a *applyLog) record(ctx context.Context, changes []Change) error {
	var write, drop []ChangeRow
	for _, c := range changes {
		ep, ok := a.epochs[c.Index]
		if !ok {
			var err error
			if ep, err = a.elog.begin(ctx, c.Index); err != nil {
				return err
			}
			a.epochs[c.Index] = ep
			a.rows[c.Index] = map[string]ChangeRow{}
		}
		if !feedTracked(a.feed, c.Index) {
			continue
		}
		prev, had := a.rows[c.Index][c.ID]
		row, keep := foldChange(prev, had, c)
		row.Dataset, row.Epoch, row.ID = c.Index, ep, c.ID
		if !keep {
			delete(a.rows[c.Index], c.ID)
			if had {
				drop = append(drop, row)
			}
			continue
		}
		a.rows[c.Index][c.ID] = row
		write = append(write, row)
	}
	return a.elog.writeRows(ctx, write, drop)
}

// foldChange combines the row an earlier line of the same apply left for a
// document (had) with a further change; keep is false when the two cancel.
func foldChange(prev ChangeRow, had bool, c Change) (ChangeRow, bool) {
	var op string
	var fields []string
	switch {
	case c.After == nil:
		op = OpDelete
	case c.Before == nil:
		op, fields = OpInsert, topLevelDiff(nil, c.After)
	default:
		op, fields = OpUpdate, mappings.WithoutDerived(c.Index, topLevelDiff(c.Before, c.After))
	}
	if !had {
		// A document that changed only in its derived fields is written,
		// not reported.
		return ChangeRow{Op: op, Fields: fields}, op != OpUpdate || len(fields) > 0
	}
	switch {
	case prev.Op == OpInsert && op == OpDelete:
		return ChangeRow{}, false
	case prev.Op == OpInsert:
		return ChangeRow{Op: OpInsert, Fields: topLevelDiff(nil, c.After)}, true
	case op == OpDelete:
		return ChangeRow{Op: OpDelete}, true
	case prev.Op == OpDelete:
		// Deleted, then written again: an update of every field.
		return ChangeRow{Op: OpUpdate, Fields: topLevelDiff(nil, c.After)}, true
	}
	return ChangeRow{Op: OpUpdate, Fields: union(prev.Fields, fields)}, true
}

func union(a, b []string) []string {
	set := map[string]bool{}
	for _, s := range append(append([]string(nil), a...), b...) {
		set[s] = true
	}
	out := make([]string, 0, len(set))
	for s := range set {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

// commit records the epoch of every dataset the apply touched.
func (a *applyLog) commit(ctx context.Context, eng *engine, prefix string) ([]EpochRecord, error) {
	names := make([]string, 0, len(a.epochs))
	for n := range a.epochs {
		names = append(names, n)
	}
	sort.Strings(names)
	var out []EpochRecord
	for _, name := range names {
		prev, _, err := a.elog.current(ctx, name)
		if err != nil {
			return out, err
		}
		rec := EpochRecord{Dataset: name, Epoch: a.epochs[name], Kind: "apply", Source: prev.Source, Release: prev.Release,
			Version: prev.Version, Diffed: feedTracked(a.feed, name)}
		for _, r := range a.rows[name] {
			switch r.Op {
			case OpInsert:
				rec.Inserted++
			case OpUpdate:
				rec.Updated++
			case OpDelete:
				rec.Deleted++
			}
		}
		if t, err := eng.aliasTargets(ctx, prefix+name); err == nil && len(t) > 0 {
			rec.Version = t[len(t)-1]
			if n, err := eng.count(ctx, rec.Version); err == nil {
				rec.Docs = n
			}
		}
		rec, err = a.elog.commit(ctx, rec)
		if err != nil {
			return out, fmt.Errorf("commit epoch of %s: %w", name, err)
		}
		out = append(out, rec)
	}
	return out, nil
}
