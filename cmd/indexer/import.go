package main

import (
	"context"
	"errors"
	"io"
)

// runImport is a placeholder: the importer commands are built in another
// branch and replace this file on merge.
func runImport(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	return errors.New("import: not built yet")
}
