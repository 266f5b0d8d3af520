// The assembler expects bin/test.ts; the real entry point lives in core/bin.
import '../core/bin/test.js'
