package missingmodule

import (
	nope "example.com/missing/apis/v1"
)

// Thing refers to a type of the missing module.
type Thing struct {
	Other nope.Other `json:"other"`
}
