// +metagen:client-output=../../../../../..
package erroutput
