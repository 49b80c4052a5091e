// Package optin does not opt in as a whole; some types opt in.
package optin
