// Package synth generates a deterministic synthetic UK: real towns and
// outcodes with approximate real centroids, nested statistical areas,
// streets, buildings, flats and houses with consistent attributes, energy
// certificates, a monthly regional house price index, sales, listings and
// their lifecycle events, and the area datasets (deprivation, census,
// broadband, schools, amenities, planning, crime, listed buildings, land
// titles, council tax and environmental risk layers).
//
// The same seed and size always give byte-identical output: every entity
// draws from its own PCG stream seeded from (seed, entity key), nothing
// iterates a Go map while emitting, and documents are emitted town by town,
// street by street, so memory stays flat as the size grows. docs/data.md
// describes every field and the model behind it.
package synth
