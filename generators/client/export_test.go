package client

// SchemaTypes is schemaTypes, for the external tests.
var SchemaTypes = schemaTypes
