package importer

import "math"

// No maintained pure-Go OSGB36 library was found (the one Go package seen,
// a 2011 copy of cartconvert/osgb36, is unmaintained), so this file
// implements the Ordnance Survey's published method from "A guide to
// coordinate systems in Great Britain": the inverse transverse Mercator
// projection of the National Grid on the Airy 1830 ellipsoid, then a
// seven-parameter Helmert transformation OSGB36 → WGS84 (ETRS89). Without the
// OSTN15 grid shift the result is within about 5 m of the true WGS84
// position across Great Britain (worse, up to ~15 m, at the far edges).

// Airy 1830 ellipsoid and National Grid projection constants.
const (
	airyA  = 6377563.396
	airyB  = 6356256.909
	ngF0   = 0.9996012717
	ngLat0 = 49 * math.Pi / 180
	ngLon0 = -2 * math.Pi / 180
	ngE0   = 400000.0
	ngN0   = -100000.0

	grs80A = 6378137.000
	grs80B = 6356752.3141
)

// BNGToWGS84 converts British National Grid (EPSG:27700) easting and
// northing in metres to WGS84 latitude and longitude in degrees.
func BNGToWGS84(easting, northing float64) (lat, lon float64) {
	phi, lam := bngToOSGB36(easting, northing)
	x, y, z := toCartesian(phi, lam, 0, airyA, airyB)
	x, y, z = helmertOSGB36ToWGS84(x, y, z)
	phi, lam = fromCartesian(x, y, z, grs80A, grs80B)
	return phi * 180 / math.Pi, lam * 180 / math.Pi
}

// bngToOSGB36 is the inverse transverse Mercator projection (OS guide,
// annex C), returning OSGB36 latitude and longitude in radians.
func bngToOSGB36(E, N float64) (phi, lam float64) {
	a, b, F0 := airyA, airyB, ngF0
	e2 := 1 - (b*b)/(a*a)
	n := (a - b) / (a + b)
	n2, n3 := n*n, n*n*n

	meridional := func(phi float64) float64 {
		dp, sp := phi-ngLat0, phi+ngLat0
		return b * F0 * ((1+n+1.25*n2+1.25*n3)*dp -
			(3*n+3*n2+21.0/8*n3)*math.Sin(dp)*math.Cos(sp) +
			(15.0/8*n2+15.0/8*n3)*math.Sin(2*dp)*math.Cos(2*sp) -
			35.0/24*n3*math.Sin(3*dp)*math.Cos(3*sp))
	}
	phi = ngLat0
	M := 0.0
	for i := 0; i < 100; i++ {
		phi = (N-ngN0-M)/(a*F0) + phi
		M = meridional(phi)
		if math.Abs(N-ngN0-M) < 0.00001 {
			break
		}
	}
	sinPhi, cosPhi, tanPhi := math.Sin(phi), math.Cos(phi), math.Tan(phi)
	nu := a * F0 / math.Sqrt(1-e2*sinPhi*sinPhi)
	rho := a * F0 * (1 - e2) / math.Pow(1-e2*sinPhi*sinPhi, 1.5)
	eta2 := nu/rho - 1
	secPhi := 1 / cosPhi
	t2, t4, t6 := tanPhi*tanPhi, math.Pow(tanPhi, 4), math.Pow(tanPhi, 6)

	VII := tanPhi / (2 * rho * nu)
	VIII := tanPhi / (24 * rho * nu * nu * nu) * (5 + 3*t2 + eta2 - 9*t2*eta2)
	IX := tanPhi / (720 * rho * math.Pow(nu, 5)) * (61 + 90*t2 + 45*t4)
	X := secPhi / nu
	XI := secPhi / (6 * nu * nu * nu) * (nu/rho + 2*t2)
	XII := secPhi / (120 * math.Pow(nu, 5)) * (5 + 28*t2 + 24*t4)
	XIIA := secPhi / (5040 * math.Pow(nu, 7)) * (61 + 662*t2 + 1320*t4 + 720*t6)

	dE := E - ngE0
	phi = phi - VII*dE*dE + VIII*math.Pow(dE, 4) - IX*math.Pow(dE, 6)
	lam = ngLon0 + X*dE - XI*math.Pow(dE, 3) + XII*math.Pow(dE, 5) - XIIA*math.Pow(dE, 7)
	return phi, lam
}

func toCartesian(phi, lam, h, a, b float64) (x, y, z float64) {
	e2 := 1 - (b*b)/(a*a)
	sinPhi := math.Sin(phi)
	nu := a / math.Sqrt(1-e2*sinPhi*sinPhi)
	x = (nu + h) * math.Cos(phi) * math.Cos(lam)
	y = (nu + h) * math.Cos(phi) * math.Sin(lam)
	z = ((1-e2)*nu + h) * sinPhi
	return x, y, z
}

func fromCartesian(x, y, z, a, b float64) (phi, lam float64) {
	e2 := 1 - (b*b)/(a*a)
	p := math.Sqrt(x*x + y*y)
	lam = math.Atan2(y, x)
	phi = math.Atan2(z, p*(1-e2))
	for i := 0; i < 10; i++ {
		nu := a / math.Sqrt(1-e2*math.Sin(phi)*math.Sin(phi))
		next := math.Atan2(z+e2*nu*math.Sin(phi), p)
		if math.Abs(next-phi) < 1e-12 {
			phi = next
			break
		}
		phi = next
	}
	return phi, lam
}

// helmertOSGB36ToWGS84 applies the OS published OSGB36 → WGS84 parameters
// (the inverse of the WGS84 → OSGB36 set: tx -446.448 m, ty 125.157 m,
// tz -542.060 m, s 20.4894 ppm, rx -0.1502", ry -0.2470", rz -0.8421").
func helmertOSGB36ToWGS84(x, y, z float64) (float64, float64, float64) {
	const (
		tx, ty, tz = 446.448, -125.157, 542.060
		s          = -20.4894e-6
		asec       = math.Pi / (180 * 3600)
		rx, ry, rz = 0.1502 * asec, 0.2470 * asec, 0.8421 * asec
	)
	x2 := tx + (1+s)*x - rz*y + ry*z
	y2 := ty + rz*x + (1+s)*y - rx*z
	z2 := tz - ry*x + rx*y + (1+s)*z
	return x2, y2, z2
}

// validBNG reports whether an easting/northing pair lies on the National
// Grid (0..700 km east, 0..1300 km north) and is not a placeholder.
func validBNG(e, n float64) bool {
	return e > 0 && n > 0 && e <= 700000 && n <= 1300000
}
