package v1beta1

func init() { localSchemeBuilder.Register(RegisterDefaults) }
