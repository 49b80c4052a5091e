package cli

// outOfScopeNote names the code-generator tools metagen does not replace.
const outOfScopeNote = "\nNot generated: go-to-protobuf's .proto files and generated.pb.go (they need a protoc toolchain); " +
	"+protobuf markers are accepted and checked, and go-to-protobuf keeps writing those files.\n"
