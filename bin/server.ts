// The assembler expects bin/server.ts; the real entry point lives in core/bin.
import '../core/bin/server.js'
