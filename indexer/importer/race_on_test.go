//go:build race

package importer

// raceEnabled: the race detector's shadow memory grows with the heap, so
// the memory bound (TestImportPeakRSSBounded) is measured without it.
const raceEnabled = true
