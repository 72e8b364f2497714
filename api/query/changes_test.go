package query

import "testing"

func TestChangesRows(t *testing.T) {
	golden(t, "changes_first", ChangesRows(ChangesSpec{Dataset: "addresses", Since: 3, To: 7, Size: 101}))
	golden(t, "changes_cursor", ChangesRows(ChangesSpec{Dataset: "epc", Since: 0, To: 2, AfterID: "100023336956", Size: 11}))
	golden(t, "changes_continue", ChangesRows(ChangesSpec{Dataset: "sales", Since: 5, To: 6, AfterID: "a", SearchAfter: []any{"b", int64(6)}, Size: 1000}))
}
