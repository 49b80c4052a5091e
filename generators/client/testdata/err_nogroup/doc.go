// +metagen:client-output=../../../../../..
package errnogroup
