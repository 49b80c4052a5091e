package crd

import (
	"strings"
	"unicode"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// truncateDescriptions applies controller-gen's crd:maxDescLen (--max-desc-len)
// to every description of a schema: 0 drops them; a longer one is cut at
// maxLen and back to the last sentence end within it, else to the last
// space with "...", else hard with "...".
func truncateDescriptions(s *apiextensionsv1.JSONSchemaProps, maxLen int) {
	if s == nil {
		return
	}
	s.Description = truncateDescription(s.Description, maxLen)
	for name, p := range s.Properties {
		truncateDescriptions(&p, maxLen)
		s.Properties[name] = p
	}
	if s.Items != nil {
		truncateDescriptions(s.Items.Schema, maxLen)
		for i := range s.Items.JSONSchemas {
			truncateDescriptions(&s.Items.JSONSchemas[i], maxLen)
		}
	}
	if s.AdditionalProperties != nil {
		truncateDescriptions(s.AdditionalProperties.Schema, maxLen)
	}
	for _, list := range [][]apiextensionsv1.JSONSchemaProps{s.AllOf, s.AnyOf, s.OneOf} {
		for i := range list {
			truncateDescriptions(&list[i], maxLen)
		}
	}
	if s.Not != nil {
		truncateDescriptions(s.Not, maxLen)
	}
}

func truncateDescription(desc string, maxLen int) string {
	if maxLen == 0 {
		return ""
	}
	if len(desc) <= maxLen {
		return desc
	}
	desc = desc[:maxLen]
	if n := strings.LastIndexFunc(desc, func(r rune) bool { return unicode.Is(unicode.STerm, r) }); n > 0 {
		return desc[:n+1]
	}
	if n := strings.LastIndexFunc(desc, func(r rune) bool { return unicode.Is(unicode.White_Space, r) }); n > 0 {
		return desc[:n] + "..."
	}
	return desc + "..."
}
