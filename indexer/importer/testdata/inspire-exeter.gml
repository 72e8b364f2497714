<?xml version="1.0" encoding="UTF-8"?>
<wfs:FeatureCollection xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:LR="www.landregistry.gov.uk" numberMatched="5" numberReturned="5" timeStamp="2026-11-01T00:00:00">
  <wfs:member>
    <LR:PREDEFINED gml:id="PREDEFINED.fid-1">
      <LR:GEOMETRY>
        <gml:Polygon gml:id="PREDEFINED.fid-1.GEOMETRY" srsName="urn:ogc:def:crs:EPSG::27700" srsDimension="2">
          <gml:exterior><gml:LinearRing><gml:posList srsDimension="2">291920 92280 291975 92280 291975 92335 291920 92335 291920 92280</gml:posList></gml:LinearRing></gml:exterior><gml:interior><gml:LinearRing><gml:posList srsDimension="2">291960 92320 291970 92320 291970 92330 291960 92330 291960 92320</gml:posList></gml:LinearRing></gml:interior>
        </gml:Polygon>
      </LR:GEOMETRY>
      <LR:INSPIREID>90000001</LR:INSPIREID>
      <LR:LABEL>90000001</LR:LABEL>
      <LR:NATIONALCADASTRALREFERENCE>90000001</LR:NATIONALCADASTRALREFERENCE>
      <LR:VALIDFROM>2009-07-31T00:00:00</LR:VALIDFROM>
      <LR:BEGINLIFESPANVERSION>2014-02-10T13:22:55</LR:BEGINLIFESPANVERSION>
    </LR:PREDEFINED>
  </wfs:member>
  <wfs:member>
    <LR:PREDEFINED gml:id="PREDEFINED.fid-2">
      <LR:GEOMETRY>
        <gml:Polygon gml:id="PREDEFINED.fid-2.GEOMETRY" srsName="urn:ogc:def:crs:EPSG::27700" srsDimension="2">
          <gml:exterior><gml:LinearRing><gml:posList srsDimension="2">293270 92650 293320 92650 293320 92700 293270 92700 293270 92650</gml:posList></gml:LinearRing></gml:exterior>
        </gml:Polygon>
      </LR:GEOMETRY>
      <LR:INSPIREID>90000002</LR:INSPIREID>
      <LR:LABEL>90000002</LR:LABEL>
      <LR:NATIONALCADASTRALREFERENCE>90000002</LR:NATIONALCADASTRALREFERENCE>
      <LR:VALIDFROM>2009-07-31T00:00:00</LR:VALIDFROM>
      <LR:BEGINLIFESPANVERSION>2014-02-10T13:22:55</LR:BEGINLIFESPANVERSION>
    </LR:PREDEFINED>
  </wfs:member>
  <wfs:member>
    <LR:PREDEFINED gml:id="PREDEFINED.fid-3">
      <LR:GEOMETRY>
        <gml:Polygon gml:id="PREDEFINED.fid-3.GEOMETRY" srsName="urn:ogc:def:crs:EPSG::27700" srsDimension="2">
          <gml:exterior><gml:LinearRing><gml:posList srsDimension="2">291000 91000 291030 91000 291030 91020 291000 91020 291000 91000</gml:posList></gml:LinearRing></gml:exterior>
        </gml:Polygon>
      </LR:GEOMETRY>
      <LR:INSPIREID>90000003</LR:INSPIREID>
      <LR:LABEL>90000003</LR:LABEL>
      <LR:NATIONALCADASTRALREFERENCE>90000003</LR:NATIONALCADASTRALREFERENCE>
      <LR:VALIDFROM>2009-07-31T00:00:00</LR:VALIDFROM>
      <LR:BEGINLIFESPANVERSION>2014-02-10T13:22:55</LR:BEGINLIFESPANVERSION>
    </LR:PREDEFINED>
  </wfs:member>
  <wfs:member>
    <LR:PREDEFINED gml:id="PREDEFINED.fid-4">
      <LR:GEOMETRY>
        <gml:Polygon gml:id="PREDEFINED.fid-4.GEOMETRY" srsName="urn:ogc:def:crs:EPSG::27700" srsDimension="2">
          <gml:exterior><gml:LinearRing><gml:posList srsDimension="2">291000 91000 291030</gml:posList></gml:LinearRing></gml:exterior>
        </gml:Polygon>
      </LR:GEOMETRY>
      <LR:INSPIREID>90000004</LR:INSPIREID>
      <LR:LABEL>90000004</LR:LABEL>
      <LR:NATIONALCADASTRALREFERENCE>90000004</LR:NATIONALCADASTRALREFERENCE>
      <LR:VALIDFROM>2009-07-31T00:00:00</LR:VALIDFROM>
      <LR:BEGINLIFESPANVERSION>2014-02-10T13:22:55</LR:BEGINLIFESPANVERSION>
    </LR:PREDEFINED>
  </wfs:member>
  <wfs:member>
    <LR:PREDEFINED gml:id="PREDEFINED.fid-5">
      <LR:INSPIREID>90000005</LR:INSPIREID>
      <LR:LABEL>90000005</LR:LABEL>
      <LR:NATIONALCADASTRALREFERENCE>90000005</LR:NATIONALCADASTRALREFERENCE>
      <LR:VALIDFROM>2009-07-31T00:00:00</LR:VALIDFROM>
      <LR:BEGINLIFESPANVERSION>2014-02-10T13:22:55</LR:BEGINLIFESPANVERSION>
    </LR:PREDEFINED>
  </wfs:member>
</wfs:FeatureCollection>
